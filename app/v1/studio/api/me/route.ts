// GET /v1/studio/api/me - the key's user, organization and permissions (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";

export const GET = studioRoute({ permission: null }, async ({ principal }) => ({
  data: {
    uid: principal.uid,
    name: principal.name,
    email: principal.email,
    org_id: principal.orgId,
    org_name: principal.orgName,
    permissions: principal.permissions,
  },
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

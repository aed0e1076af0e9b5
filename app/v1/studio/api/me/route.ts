// GET /v1/studio/api/me - the key's user, organization and permissions (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { serializeMe } from "@/lib/studio/auth/me";

export const GET = studioRoute({ permission: null }, async ({ principal }) => ({ data: serializeMe(principal) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

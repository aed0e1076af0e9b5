// PATCH /v1/studio/api/users/{uid} - change a person's permissions or disable them (extension, org:manage)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { userUpdateSchema } from "@/lib/studio/orgs/team-schemas";
import { updateUser } from "@/lib/studio/orgs/operator";

export const PATCH = studioRoute({ permission: "org:manage", body: userUpdateSchema }, async ({ principal, params, body }) => ({
  data: await updateUser({ orgId: principal.orgId, actorUid: principal.uid, uid: params.id ?? "", ...body }),
}));

export const { GET, POST, PUT, DELETE } = otherMethodsRefused("PATCH");

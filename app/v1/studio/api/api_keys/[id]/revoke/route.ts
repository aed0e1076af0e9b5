// POST /v1/studio/api/api_keys/{id}/revoke - the key stops working on the next request (extension, org:manage)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { revokeApiKey } from "@/lib/studio/orgs/operator";

export const POST = studioRoute({ permission: "org:manage" }, async ({ principal, params }) => ({
  data: await revokeApiKey({ orgId: principal.orgId, actorUid: principal.uid, keyId: params.id ?? "" }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

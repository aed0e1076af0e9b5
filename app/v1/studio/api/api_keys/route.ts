// GET /v1/studio/api/api_keys - the organization's API keys, newest first (extension, org:manage)
// POST /v1/studio/api/api_keys - a new key for a person; the secret is in this response only (extension, org:manage)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { apiKeyCreateSchema, apiKeyListQuerySchema } from "@/lib/studio/orgs/team-schemas";
import { apiKeyShownOnce, createApiKey, listApiKeys, serializeCreatedApiKey } from "@/lib/studio/orgs/operator";

export const GET = studioRoute({ permission: "org:manage", query: apiKeyListQuerySchema }, async ({ principal, query }) => {
  const { data, total } = await listApiKeys({ orgId: principal.orgId, uid: query.uid, query });
  return { data, paging: { page_number: query.page, page_size: query.page_size, total_count: total ?? data.length } };
});

export const POST = studioRoute({ permission: "org:manage", body: apiKeyCreateSchema, replayWithoutSecret: apiKeyShownOnce }, async ({ principal, body }) => {
  return { data: serializeCreatedApiKey(await createApiKey({ uid: body.uid, orgId: principal.orgId, actorUid: principal.uid })) };
});

export const { PUT, PATCH, DELETE } = otherMethodsRefused("GET", "POST");

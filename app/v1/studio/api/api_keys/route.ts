// GET /v1/studio/api/api_keys - the organization's API keys, newest first (extension, org:manage)
// POST /v1/studio/api/api_keys - a new key for the caller alone; the secret is in this response only (extension, any key)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { apiKeyCreateSchema, apiKeyListQuerySchema } from "@/lib/studio/orgs/team-schemas";
import { apiKeyShownOnce, createOwnApiKey, listApiKeys, serializeCreatedApiKey } from "@/lib/studio/orgs/operator";

export const GET = studioRoute({ permission: "org:manage", query: apiKeyListQuerySchema }, async ({ principal, query }) => {
  const { data, total } = await listApiKeys({ orgId: principal.orgId, uid: query.uid, query });
  return { data, paging: { page_number: query.page, page_size: query.page_size, total_count: total ?? data.length } };
});

export const POST = studioRoute(
  { permission: null, body: apiKeyCreateSchema, bodyOptional: true, replayWithoutSecret: apiKeyShownOnce },
  async ({ principal, body }) => ({ data: serializeCreatedApiKey(await createOwnApiKey({ principal, uid: body?.uid })) }),
);

export const { PUT, PATCH, DELETE } = otherMethodsRefused("GET", "POST");

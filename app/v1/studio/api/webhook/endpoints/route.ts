// GET /v1/studio/api/webhook/endpoints - the organization's webhook endpoints, newest first (extension, org:manage)
// POST /v1/studio/api/webhook/endpoints - a new endpoint; its secret is in this response only (extension, org:manage)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { pagingQuerySchema } from "@/lib/studio/core/paging";
import { createWebhookEndpoint, endpointSecretShownOnce, listWebhookEndpoints, webhookEndpointCreateSchema } from "@/lib/studio/webhooks/organization-endpoints";

export const GET = studioRoute({ permission: "org:manage", query: pagingQuerySchema }, ({ principal, query }) => listWebhookEndpoints({ principal, query }));

export const POST = studioRoute(
  { permission: "org:manage", body: webhookEndpointCreateSchema, replayWithoutSecret: endpointSecretShownOnce("created") },
  async ({ principal, body }) => ({ data: await createWebhookEndpoint({ principal, body }) }),
);

export const { PUT, PATCH, DELETE } = otherMethodsRefused("GET", "POST");

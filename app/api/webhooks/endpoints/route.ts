// GET /api/webhooks/endpoints - the organization's webhook endpoints; POST - add one, its secret in
// this answer only (org:manage and every rule on the body: the Studio's, whose refusals pass through)
import { consoleReads } from "@/lib/console/reads";
import { consoleRoute, readJson } from "@/lib/console/route";
import type { WebhookEndpointCreateRequest } from "@/lib/console/types";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => consoleReads(ctx.client).webhookEndpoints(new URL(request.url).searchParams));

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx, idempotencyKey }) => ({
  data: await ctx.client.webhooks.endpoints.create(((await readJson(request)) ?? {}) as WebhookEndpointCreateRequest, { idempotencyKey }),
}));

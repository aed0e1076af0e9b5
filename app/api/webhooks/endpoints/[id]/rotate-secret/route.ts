// POST /api/webhooks/endpoints/{id}/rotate-secret - a new signing secret, in this answer only; the old
// one signs beside it for the overlap asked for (org:manage, checked by the Studio)
import { consoleRoute, readJson } from "@/lib/console/route";
import type { WebhookEndpointRotateRequest } from "@/lib/console/types";

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx, params, idempotencyKey }) => ({
  data: await ctx.client.webhooks.endpoints.rotateSecret(params.id ?? "", ((await readJson(request)) ?? {}) as WebhookEndpointRotateRequest, { idempotencyKey }),
}));

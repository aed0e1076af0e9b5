// POST /api/webhooks/deliveries/{id}/resend - send the event again (transfer:sign, checked by the Studio)
import { consoleRoute } from "@/lib/console/route";

export const POST = consoleRoute({ mutating: true }, async ({ ctx, params, idempotencyKey }) => ({
  data: await ctx.client.webhooks.resend(params.id ?? "", { idempotencyKey }),
}));

// POST /api/payment-intents/{id}/refund - return what the intent received (transfer:sign, checked by the Studio)
import { consoleRoute, readJson } from "@/lib/console/route";

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx, params, idempotencyKey }) => ({
  data: await ctx.client.paymentIntents.refund(params.id ?? "", await readJson(request), { idempotencyKey }),
}));

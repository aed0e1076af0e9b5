// POST /api/payment-intents/{id}/refund - return what the intent received (transfer:sign, checked by the Studio)
import { consoleRoute, readJson } from "@/lib/console/route";
import { movesFunds, PAYMENT_INTENT_ACTIONS } from "@/lib/workflow/actions";

export const POST = consoleRoute({ mutating: true, movesFunds: movesFunds(PAYMENT_INTENT_ACTIONS, "refund") }, async ({ request, ctx, params, idempotencyKey }) => ({
  data: await ctx.client.paymentIntents.refund(params.id ?? "", await readJson(request), { idempotencyKey }),
}));

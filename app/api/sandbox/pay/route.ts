// POST /api/sandbox/pay - sandbox chain only: pay an invoice's or a payout's payment intent with a chosen amount
import { z } from "zod";
import { BadRequest, consoleRoute, readJson } from "@/lib/console/route";

const payBody = z.object({ payment_intent_id: z.string().min(1).max(200), amount: z.string().min(1).max(80) });

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx, idempotencyKey }) => {
  const parsed = payBody.safeParse(await readJson(request));
  if (!parsed.success) throw new BadRequest("payment_intent_id and amount are required");
  return { data: await ctx.client.sandboxPayPaymentIntent(parsed.data.payment_intent_id, { amount: parsed.data.amount }, { idempotencyKey }) };
});

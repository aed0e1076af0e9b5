import "server-only";
// Demo standalone payment intents driven through the real verbs, so every payment status the
// console shows has rows and the organization has a positive balance to withdraw from.
import type { Principal } from "@/lib/studio/auth/principal";
import { randomAddress } from "@/lib/studio/chain/addresses";
import { formatUnits, parseUnits } from "@/lib/studio/core/money";
import { recordTransfer } from "@/lib/studio/deposits/record-transfer";
import { createPaymentIntent } from "@/lib/studio/standalone-payments/create-payment-intent";
import { standaloneOwner } from "@/lib/studio/standalone-payments/owner";
import { notAfterNow, type DemoClock } from "@/lib/studio/seed/demo-clock";
import { refundIntent } from "@/lib/studio/workflow/verbs";

type Plan = "pending" | "success" | "overpaid" | "underpaid" | "late" | "expired" | "refunded" | "underpaid_refunded";
const CYCLE: Plan[] = ["success", "underpaid", "success", "late", "overpaid", "refunded", "success", "expired", "underpaid_refunded", "success"];
const HOUR = 3_600_000;

/** `count` standalone intents' stories, oldest first, the newest two left pending; run on the demo's clock. */
export function demoPaymentIntentStories(clock: DemoClock, input: { count: number; clientId: string; finance: Principal; admin: Principal }) {
  const { count, clientId, finance, admin } = input;
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => async () => {
    const plan: Plan = index >= count - 2 ? "pending" : (CYCLE[index % CYCLE.length] as Plan);
    const createdAt = plan === "pending" ? new Date() : new Date(now - (count - index) * 5 * HOUR);
    const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR);
    const fiat = index % 3 === 0;
    const intent = await createPaymentIntent({
      principal: finance,
      clientId,
      now: await clock.until(createdAt),
      request: {
        pricing_mode: fiat ? "fiat" : "crypto",
        ...(fiat ? { fiat_amount: String(20 + index * 15), fiat_currency: index % 2 === 0 ? "USD" : "TWD" } : { crypto_amount: String(35 + index * 10) }),
        pay_token: index % 4 === 3 ? "USDT" : "USDC",
        chain: "arb",
        group_key: `checkout-${(index % 3) + 1}`,
        order_data: { order_id: `ORD-${1000 + index}` },
        callback_url: "https://shop.demo-merchant.test/hooks/payments",
      },
    });
    // An expired intent is never paid: the seed's sweep expires it.
    if (plan === "pending" || plan === "expired") return;
    const due = parseUnits(intent.crypto_amount, intent.decimals);
    const unit = 10n ** BigInt(intent.decimals);
    const deposit = plan === "underpaid" || plan === "underpaid_refunded" ? due / 2n : plan === "overpaid" ? due + 3n * unit : due;
    const paidAt = plan === "late" ? new Date((intent.payment_deadline + 900) * 1000) : at(0.25);
    await recordTransfer({
      orgId: finance.orgId,
      to: { paymentIntentId: intent.payment_intent_id },
      amount: formatUnits(deposit, intent.decimals),
      payerAddress: randomAddress("evm"),
      timestamp: Math.floor(paidAt.getTime() / 1000),
      now: await clock.until(notAfterNow(paidAt)),
    });
    if (plan === "refunded" || plan === "underpaid_refunded") {
      await refundIntent(standaloneOwner, {
        principal: admin,
        id: intent.payment_intent_id,
        request: { refund_address: randomAddress("evm"), refund_reason: "Order cancelled by the customer", refund_attachments: [] },
        now: await clock.until(at(2)),
      });
    }
  });
}

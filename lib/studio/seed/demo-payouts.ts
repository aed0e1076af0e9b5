import "server-only";
// Demo payouts driven through the real verbs, so every payout status (and tab) has rows.
import type { Principal } from "@/lib/studio/auth/principal";
import { randomAddress } from "@/lib/studio/chain/addresses";
import { formatUnits, parseUnits } from "@/lib/studio/core/money";
import { recordTransfer } from "@/lib/studio/deposits/record-transfer";
import { approvePayout } from "@/lib/studio/payouts/approve-payout";
import { createPayout } from "@/lib/studio/payouts/create-payout";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { notAfterNow, type DemoClock } from "@/lib/studio/seed/demo-clock";
import { refundIntent, rejectIntent } from "@/lib/studio/workflow/verbs";

type Plan = "pending" | "rejected" | "approved" | "completed" | "overfunded" | "underfunded" | "refunded" | "late" | "expired";
const CYCLE: Plan[] = ["completed", "approved", "underfunded", "completed", "rejected", "late", "refunded", "overfunded", "expired", "completed"];
const RECIPIENTS = [
  ["Ana Souza", "ana@freelance.example", "Souza Design"],
  ["Kenji Mori", "kenji@mori-labs.example", "Mori Labs"],
  ["Priya Nair", "priya@nair.example", "Nair Consulting"],
  ["Tomás Ruiz", "tomas@ruiz-media.example", "Ruiz Media"],
] as const;
const HOUR = 3_600_000;

/** `count` payouts' stories, oldest first, the newest quarter left pending review; run on the demo's clock. */
export function demoPayoutStories(clock: DemoClock, input: { count: number; clientId: string; finance: Principal; approver: Principal; admin: Principal }) {
  const { count, clientId, finance, approver, admin } = input;
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => async () => {
    const plan: Plan = index >= Math.floor(count * 0.75) ? "pending" : (CYCLE[index % CYCLE.length] as Plan);
    const createdAt = new Date(now - (count - index) * 7 * HOUR);
    const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR);
    const [name, email, organization] = RECIPIENTS[index % RECIPIENTS.length] as (typeof RECIPIENTS)[number];
    const gross = 200 + (index % 9) * 125;
    const payout = await createPayout({
      principal: finance,
      clientId,
      now: await clock.until(createdAt),
      request: {
        pricing_mode: "crypto",
        amount: String(gross),
        exact_out_amount: String(gross - 2 - (index % 3)),
        pay_token: index % 4 === 3 ? "USDT" : "USDC",
        chain: "arb",
        origin: "https://shop.demo-merchant.test",
        recipient_name: name,
        recipient_email: email,
        organization_name: organization,
        organization_email: `billing@${email.split("@")[1]}`,
        creator: "Demo Finance",
        description: `Contractor payout #${index + 1}`,
        payout_target_address: randomAddress("evm"),
      },
    });
    if (plan === "pending") return;
    if (plan === "rejected") {
      await rejectIntent(payoutOwner, { principal: approver, id: payout.id, request: { reason: "Net amount does not match the contract" }, now: await clock.until(at(2)) });
      return;
    }
    // Payouts left awaiting funds are approved now; the expired one was approved back then (the seed's sweep expires it).
    const approved = await approvePayout({ principal: approver, id: payout.id, now: await clock.until(plan === "approved" ? new Date() : at(1)) });
    if (plan === "approved" || plan === "expired") return;
    const pi = approved.payment_intent;
    const due = parseUnits(pi.crypto_amount, pi.decimals);
    const deposit = plan === "underfunded" || plan === "refunded" ? due / 2n : plan === "overfunded" ? due + 5n * 10n ** BigInt(pi.decimals) : due;
    const fundedAt = plan === "late" ? new Date((pi.payment_deadline + 600) * 1000) : at(3);
    await recordTransfer({
      orgId: admin.orgId,
      to: { paymentIntentId: pi.payment_intent_id },
      amount: formatUnits(deposit, pi.decimals),
      timestamp: Math.floor(fundedAt.getTime() / 1000),
      now: await clock.until(notAfterNow(fundedAt)),
    });
    if (plan === "refunded") {
      await refundIntent(payoutOwner, {
        principal: admin,
        id: payout.id,
        request: { refund_address: randomAddress("evm"), refund_reason: "Deposit short; returned to treasury", refund_attachments: [] },
        now: await clock.until(at(5)),
      });
    }
  });
}

import "server-only";
// Drives a deterministic share of the demo invoices through the real workflow verbs, so every
// status (and every console tab) has rows: the seed goes through the same rules as the API.
import type { Principal } from "@/lib/studio/auth/principal";
import { findChain } from "@/lib/studio/chain/registry";
import { randomAddress } from "@/lib/studio/chain/addresses";
import { formatUnits, parseUnits } from "@/lib/studio/core/money";
import { approveInvoice } from "@/lib/studio/invoices/approve-invoice";
import { cancelInvoice } from "@/lib/studio/invoices/cancel-invoice";
import { recordTransfer } from "@/lib/studio/deposits/record-transfer";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { refundIntent, rejectIntent } from "@/lib/studio/workflow/verbs";
import { signInvoice } from "@/lib/studio/invoices/sign-invoice";
import { notAfterNow, type DemoClock } from "@/lib/studio/seed/demo-clock";

export type SeededInvoice = { id: string; index: number; createdAt: Date; paymentIntentId: string; chainId: string; cryptoAmount: string; decimals: number };
type People = { approver: Principal; admin: Principal; finance: Principal };

export type Plan =
  | "pending"
  | "rejected"
  | "cancelled"
  | "approved"
  | "signed"
  | "signed_overpaid"
  | "paid"
  | "overpaid"
  | "underpaid"
  | "late"
  | "refunded"
  | "refunded_underpaid"
  | "expired";

// Twenty slots per cycle; the newest quarter of the invoices stays pending review.
const CYCLE: Plan[] = [
  "rejected",
  "signed",
  "approved",
  "signed",
  "paid",
  "cancelled",
  "underpaid",
  "signed",
  "late",
  "refunded",
  "overpaid",
  "signed",
  "approved",
  "signed_overpaid",
  "rejected",
  "refunded_underpaid",
  "signed",
  "expired",
  "paid",
  "signed",
];

export function planFor(index: number, count: number): Plan {
  if (index >= Math.floor(count * 0.75)) return "pending";
  return CYCLE[index % CYCLE.length] as Plan;
}

const REJECT_REASONS = ["Amount does not match the purchase order", "Wrong recipient email", "Duplicate of an earlier invoice"];
const HOUR = 3_600_000;

/** One demo invoice's life after its creation, by its plan, each step at its moment on the demo's clock. */
export async function driveDemoInvoice(clock: DemoClock, invoice: SeededInvoice, plan: Plan, people: People): Promise<void> {
  if (plan === "pending") return;
  const at = (hours: number) => new Date(invoice.createdAt.getTime() + hours * HOUR);
  if (plan === "rejected") {
    const reason = REJECT_REASONS[invoice.index % REJECT_REASONS.length] as string;
    await rejectIntent(invoiceOwner, { principal: people.approver, id: invoice.id, request: { reason }, now: await clock.until(at(3)) });
    return;
  }
  if (plan === "cancelled") {
    await cancelInvoice({ principal: people.finance, id: invoice.id, request: { reason: "Customer withdrew the order" }, now: await clock.until(at(1)) });
    return;
  }
  // Invoices left awaiting payment are approved now, so their payment window is still open;
  // the expired ones are approved back then, so their window has long closed (the seed's sweep
  // expires them at the end).
  const approvedAt = plan === "approved" ? new Date() : at(2);
  const approved = await approveInvoice({ principal: people.approver, id: invoice.id, now: await clock.until(approvedAt) });
  if (plan === "approved" || plan === "expired") return;
  const deadline = approved.payment_intent.payment_deadline;
  const due = parseUnits(invoice.cryptoAmount, invoice.decimals);
  const amount = (units: bigint) => formatUnits(units, invoice.decimals);
  const tenTokens = 10n * 10n ** BigInt(invoice.decimals);
  const paid = plan === "underpaid" || plan === "refunded_underpaid" ? due / 2n : plan === "overpaid" || plan === "signed_overpaid" ? due + tenTokens : due;
  const paidAt = plan === "late" ? new Date((deadline + 3_600) * 1000) : at(6);
  await recordTransfer({
    orgId: people.admin.orgId,
    to: { paymentIntentId: invoice.paymentIntentId },
    amount: amount(paid > 0n ? paid : 1n),
    timestamp: Math.floor(paidAt.getTime() / 1000),
    now: await clock.until(notAfterNow(paidAt)),
  });
  const family = findChain(invoice.chainId)?.family ?? "evm";
  const later = notAfterNow(at(30));
  if (plan === "signed" || plan === "signed_overpaid") {
    const request = plan === "signed_overpaid" ? { refund_address: randomAddress(family), refund_reason: "Overpaid by the customer" } : undefined;
    await signInvoice({ principal: people.admin, id: invoice.id, request, now: await clock.until(later) });
  }
  if (plan === "refunded" || plan === "refunded_underpaid") {
    await refundIntent(invoiceOwner, {
      principal: people.admin,
      id: invoice.id,
      request: { refund_address: randomAddress(family), refund_reason: "Order cancelled after payment", refund_attachments: [] },
      now: await clock.until(later),
    });
  }
}

// The payout state table of product-decisions §2, on the same machine as invoices.
import { defineStateMachine, type StatusCategory, type TransferArrival, type TransferEffect } from "@/lib/studio/workflow/state-machine";
import { coversDue, type PaymentStatus } from "@/lib/studio/payment-intents/status";

export const PAYOUT_STATUSES = [
  "approval_pending",
  "approved",
  "rejected",
  "expired",
  "completed",
  "underfunded",
  "payment_review",
  "refunded",
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_CATEGORY: Record<PayoutStatus, StatusCategory> = {
  approval_pending: "pending_review",
  approved: "awaiting_payment",
  rejected: "closed",
  expired: "closed",
  completed: "completed",
  underfunded: "action_required",
  payment_review: "action_required",
  refunded: "completed",
};

export type PayoutAction = "update" | "approve" | "reject" | "refund" | "fund" | "expire" | "flag_payment";

export const PAYOUT_ACTION_SOURCES: Record<PayoutAction, readonly PayoutStatus[]> = {
  update: ["approval_pending", "rejected"],
  approve: ["approval_pending"],
  reject: ["approval_pending"],
  refund: ["underfunded", "payment_review"],
  // From underfunded: an on-time top-up that brings the total to the gross amount (product-decisions §9).
  fund: ["approved", "underfunded"],
  expire: ["approved"],
  // Late funds; and (issue 24) confirmed funds that a reorg deeper than the depth took back.
  flag_payment: ["approved", "expired", "completed", "underfunded"],
};

const SIMPLE_TARGET = {
  update: "approval_pending",
  approve: "approved",
  reject: "rejected",
  refund: "refunded",
  expire: "expired",
  flag_payment: "payment_review",
} as const satisfies Partial<Record<PayoutAction, PayoutStatus>>;

export const payoutStateMachine = defineStateMachine<PayoutStatus, PayoutAction>({
  noun: "payout",
  statuses: PAYOUT_STATUSES,
  category: PAYOUT_STATUS_CATEGORY,
  sources: PAYOUT_ACTION_SOURCES,
  target(action, _from, payment) {
    if (action !== "fund") return SIMPLE_TARGET[action];
    if (!payment) throw new Error("fund needs the payment facts");
    // The gross amount (or more) arrived on time: the net goes out to the target at once.
    return coversDue(payment) ? "completed" : "underfunded";
  },
  paymentStatus: payoutPaymentStatus,
  transferEffect: payoutTransferEffect,
});

function payoutPaymentStatus(status: PayoutStatus, facts: { underpaid: boolean; amlHold?: boolean }): PaymentStatus {
  switch (status) {
    case "approval_pending":
      return "awaiting_approval";
    case "approved":
      return "pending";
    case "rejected":
      return "cancelled";
    case "expired":
      return "expired";
    case "completed":
      return "success";
    case "underfunded":
      return "insufficient_not_refunded";
    case "payment_review":
      return facts.amlHold ? "aml_hold" : "manual_review";
    case "refunded":
      return facts.underpaid ? "insufficient_refunded" : "refunded";
  }
}

/**
 * A deposit into a payout's address: the first on-time one funds it, a late one (or one after
 * expiry) needs review, an on-time top-up completing an underfunded payout funds it, other top-ups
 * of an underfunded or reviewed payout are recorded for the refund, and a finished payout's
 * address takes nothing more.
 */
function payoutTransferEffect(status: PayoutStatus, { late, covers }: TransferArrival): TransferEffect<PayoutAction> {
  switch (status) {
    case "approved":
      return late ? "flag_payment" : "fund";
    case "expired":
      return "flag_payment";
    case "underfunded":
      return !late && covers ? "fund" : "record";
    case "payment_review":
      return "record";
    default:
      return "refuse";
  }
}

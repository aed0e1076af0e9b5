// The standalone payment intent's state table (product-decisions §3) on the shared machine. Its
// statuses are the payment statuses themselves: there is no outer workflow around the payment.
import { defineStateMachine, type StatusCategory, type TransferArrival, type TransferEffect } from "@/lib/studio/workflow/state-machine";
import { coversDue, type PaymentStatus } from "@/lib/studio/payment-intents/status";

export const STANDALONE_STATUSES = [
  "pending",
  "success",
  "expired",
  "insufficient_not_refunded",
  "insufficient_refunded",
  "cancelled",
  "aml_hold",
  "manual_review",
  "refunded",
] as const satisfies readonly PaymentStatus[];
export type StandaloneStatus = (typeof STANDALONE_STATUSES)[number];

export const STANDALONE_STATUS_CATEGORY: Record<StandaloneStatus, StatusCategory> = {
  pending: "awaiting_payment",
  success: "completed",
  expired: "closed",
  insufficient_not_refunded: "action_required",
  insufficient_refunded: "completed",
  cancelled: "closed",
  aml_hold: "action_required",
  manual_review: "action_required",
  refunded: "completed",
};

export type StandaloneAction = "confirm_payment" | "flag_payment" | "expire" | "refund";

export const STANDALONE_ACTION_SOURCES: Record<StandaloneAction, readonly StandaloneStatus[]> = {
  // From insufficient_not_refunded: an on-time top-up completing the amount (product-decisions §9).
  confirm_payment: ["pending", "insufficient_not_refunded"],
  // Funds after the deadline, before or after the sweeper expired the intent: a person decides.
  // And (issue 24) confirmed funds that a reorg deeper than the depth took back.
  flag_payment: ["pending", "expired", "success", "insufficient_not_refunded"],
  expire: ["pending"],
  refund: ["insufficient_not_refunded", "success", "manual_review", "aml_hold"],
};

export const standaloneStateMachine = defineStateMachine<StandaloneStatus, StandaloneAction>({
  noun: "payment intent",
  statuses: STANDALONE_STATUSES,
  category: STANDALONE_STATUS_CATEGORY,
  sources: STANDALONE_ACTION_SOURCES,
  target(action, from, payment) {
    switch (action) {
      case "confirm_payment":
        if (!payment) throw new Error("confirm_payment needs the payment facts");
        return coversDue(payment) ? "success" : "insufficient_not_refunded";
      case "flag_payment":
        return payment?.heldForCompliance ? "aml_hold" : "manual_review";
      case "expire":
        return "expired";
      case "refund":
        return from === "insufficient_not_refunded" ? "insufficient_refunded" : "refunded";
    }
  },
  paymentStatus: (status) => status,
  transferEffect: standaloneTransferEffect,
});

/**
 * A deposit into a standalone intent's address: the first on-time one decides, a late one (or
 * one after expiry) needs review, an on-time top-up completing an underpaid intent settles it, other
 * top-ups of an underpaid or reviewed intent are recorded for the refund, and a settled or
 * finished intent's address takes nothing more.
 */
function standaloneTransferEffect(status: StandaloneStatus, { late, covers }: TransferArrival): TransferEffect<StandaloneAction> {
  switch (status) {
    case "pending":
      return late ? "flag_payment" : "confirm_payment";
    case "expired":
      return "flag_payment";
    case "insufficient_not_refunded":
      return !late && covers ? "confirm_payment" : "record";
    case "manual_review":
    case "aml_hold":
      return "record";
    default:
      return "refuse";
  }
}

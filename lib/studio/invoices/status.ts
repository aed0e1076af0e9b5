// The invoice state table of product-decisions §1, as plain data and functions.
import { defineStateMachine, type StatusCategory, type TransferArrival, type TransferEffect } from "@/lib/studio/workflow/state-machine";
import { coversDue, type PaymentFacts } from "@/lib/studio/payment-intents/status";

export const INVOICE_STATUSES = [
  "approval_pending",
  "approved",
  "rejected",
  "cancelled",
  "expired",
  "paid",
  "underpaid",
  "payment_review",
  "signed",
  "refunded",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const STATUS_CATEGORY: Record<InvoiceStatus, StatusCategory> = {
  approval_pending: "pending_review",
  approved: "awaiting_payment",
  rejected: "closed",
  cancelled: "closed",
  expired: "closed",
  paid: "action_required",
  underpaid: "action_required",
  payment_review: "action_required",
  signed: "completed",
  refunded: "completed",
};

/** Who may trigger an action: a permission for people, or the system (chain watcher, sweeper). */
export type InvoiceAction =
  | "update"
  | "approve"
  | "reject"
  | "cancel"
  | "sign"
  | "refund"
  | "confirm_payment"
  | "expire"
  | "flag_payment";

export const ACTION_SOURCES: Record<InvoiceAction, readonly InvoiceStatus[]> = {
  update: ["approval_pending", "rejected"],
  approve: ["approval_pending"],
  reject: ["approval_pending"],
  // From approved only while no funds have arrived (the guard below, with the payment facts).
  cancel: ["approval_pending", "approved"],
  sign: ["paid", "underpaid", "payment_review"],
  refund: ["paid", "underpaid", "payment_review"],
  // From underpaid: an on-time top-up that brings the total to the amount (product-decisions §9).
  confirm_payment: ["approved", "underpaid"],
  expire: ["approved"],
  // Late funds; and (issue 24) confirmed funds that a reorg deeper than the depth took back.
  flag_payment: ["approved", "expired", "paid", "underpaid"],
};

/**
 * No action leaves these. `rejected` is not terminal (a PUT resubmits it) and neither is `expired`
 * (late funds move it to payment_review).
 */
export const TERMINAL_STATUSES: readonly InvoiceStatus[] = ["cancelled", "signed", "refunded"];

const SIMPLE_TARGET = {
  update: "approval_pending",
  approve: "approved",
  reject: "rejected",
  cancel: "cancelled",
  sign: "signed",
  refund: "refunded",
  expire: "expired",
  flag_payment: "payment_review",
} as const satisfies Partial<Record<InvoiceAction, InvoiceStatus>>;

export const invoiceStateMachine = defineStateMachine<InvoiceStatus, InvoiceAction>({
  noun: "invoice",
  statuses: INVOICE_STATUSES,
  category: STATUS_CATEGORY,
  sources: ACTION_SOURCES,
  // No cancel once funds arrived; no sign of funds held for compliance review (product-decisions §3:
  // aml_hold leads only to refunded).
  guard: (action, status, payment) =>
    !(action === "cancel" && status === "approved" && (payment?.receivedUnits ?? 0n) > 0n) &&
    !(action === "sign" && payment?.heldForCompliance === true),
  target(action, _from, payment) {
    if (action !== "confirm_payment") return SIMPLE_TARGET[action];
    if (!payment) throw new Error("confirm_payment needs the payment facts");
    return paymentOutcome(payment);
  },
  paymentStatus: paymentStatusFor,
  transferEffect,
});

export const { canApply, nextStatus, statusesIn } = invoiceStateMachine;

/** The nested payment intent status that goes with each invoice status. */
export function paymentStatusFor(status: InvoiceStatus, facts: { underpaid: boolean; amlHold?: boolean }) {
  switch (status) {
    case "approval_pending":
      return "awaiting_approval";
    case "approved":
      return "pending";
    case "rejected":
    case "cancelled":
      return "cancelled";
    case "expired":
      return "expired";
    case "paid":
    case "signed":
      return "success";
    case "underpaid":
      return "insufficient_not_refunded";
    case "payment_review":
      return facts.amlHold ? "aml_hold" : "manual_review";
    case "refunded":
      return facts.underpaid ? "insufficient_refunded" : "refunded";
  }
}

/** Confirmed, on-time funds: all of the amount (or more) is paid, less is underpaid. */
export function paymentOutcome(payment: PaymentFacts): InvoiceStatus {
  return coversDue(payment) ? "paid" : "underpaid";
}

/**
 * What a confirmed incoming transfer does to an invoice in `status`: a state-table action, "record"
 * (funds added to an invoice already waiting for sign-off; the status stays), or "refuse" (no live
 * payment address: not approved yet, or the invoice is finished). An underpaid invoice's address
 * stays live until the deadline: the top-up that completes the amount in time makes it paid.
 */
export function transferEffect(status: InvoiceStatus, { late, covers }: TransferArrival): TransferEffect<InvoiceAction> {
  switch (status) {
    case "approved":
      return late ? "flag_payment" : "confirm_payment";
    case "expired":
      return "flag_payment";
    case "underpaid":
      return !late && covers ? "confirm_payment" : "record";
    case "paid":
    case "payment_review":
      return "record";
    default:
      return "refuse";
  }
}

// Display helpers shared by console pages. Amounts stay strings: they are shown, never computed here.
import type { WebhookDeliveryStatus } from "@/lib/console/types";
import type { InvoiceStatus } from "@/lib/studio/invoices/status";
import type { PayoutStatus } from "@/lib/studio/payouts/status";
import type { StandaloneStatus } from "@/lib/studio/standalone-payments/status";
import type { StatusCategory } from "@/lib/studio/workflow/state-machine";

export const CATEGORY_LABELS: Record<StatusCategory, string> = {
  pending_review: "Pending review",
  awaiting_payment: "Awaiting payment",
  action_required: "Action required",
  completed: "Completed",
  closed: "Closed",
};

// One label per status word across invoices, payouts and payment intents (all say "expired", …).
export const STATUS_LABELS: Record<InvoiceStatus | PayoutStatus | StandaloneStatus, string> = {
  approval_pending: "Pending approval",
  approved: "Approved",
  rejected: "Rejected",
  cancelled: "Cancelled",
  expired: "Expired",
  paid: "Paid",
  underpaid: "Underpaid",
  payment_review: "Payment review",
  signed: "Signed",
  refunded: "Refunded",
  completed: "Completed",
  underfunded: "Underfunded",
  pending: "Pending",
  success: "Succeeded",
  insufficient_not_refunded: "Underpaid",
  insufficient_refunded: "Underpaid, refunded",
  aml_hold: "AML hold",
  manual_review: "Manual review",
};

// A webhook delivery's status (its "pending" reads as the records' does).
export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
  cancelled: "Cancelled",
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? DELIVERY_STATUS_LABELS[status as WebhookDeliveryStatus] ?? (status || "—");
}

/**
 * An amount cut to about `maxLength` characters for a narrow column ("1.29230769…"): only the
 * fraction is cut (at least two places stay), never rounded, so the magnitude always shows; the
 * caller shows the full value on hover and focus. `cut` is false when nothing was dropped.
 */
export function shortAmount(value: string, maxLength: number): { text: string; cut: boolean } {
  const [whole = "", fraction] = value.split(".");
  const keep = Math.max(2, maxLength - whole.length - 1);
  if (fraction === undefined || fraction.length <= keep) return { text: value, cut: false };
  return { text: `${whole}.${fraction.slice(0, keep)}…`, cut: true };
}

export function formatDateTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === "" || iso === 0) return "—";
  const date = typeof iso === "number" ? new Date(iso * 1000) : new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return date.toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : "—";
}

/** An invoice's due date: its issue date plus its payment terms in UTC days (the API's `due_date` order). */
export function invoiceDueDate(issueDate: string, paymentTerms: number): string {
  const day = new Date(`${issueDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return "—";
  day.setUTCDate(day.getUTCDate() + paymentTerms);
  return day.toISOString().slice(0, 10);
}

/** The time left before a deadline in its two largest units (minutes and seconds zero-padded), or null once it has passed. */
export function countdownParts(deadlineSeconds: number, nowMs: number): { unit: "days" | "hours" | "minutes"; days: string; hours: string; minutes: string; seconds: string } | null {
  const left = Math.floor(deadlineSeconds - nowMs / 1000);
  if (left <= 0) return null;
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  return {
    unit: days ? "days" : hours ? "hours" : "minutes",
    days: String(days),
    hours: String(hours),
    minutes: days || hours ? String(minutes).padStart(2, "0") : String(minutes),
    seconds: String(left % 60).padStart(2, "0"),
  };
}

// Display helpers shared by console pages. Amounts stay strings: they are shown, never computed here.
import type { InvoiceStatus } from "@/lib/studio/invoices/status";
import type { StatusCategory } from "@/lib/studio/workflow/state-machine";

export const CATEGORY_LABELS: Record<StatusCategory, string> = {
  pending_review: "Pending review",
  awaiting_payment: "Awaiting payment",
  action_required: "Action required",
  completed: "Completed",
  closed: "Closed",
};

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
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
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as InvoiceStatus] ?? (status || "—");
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

/** "1 d 2 h", "3 h 05 min", "12 min", or "passed". */
export function countdown(deadlineSeconds: number, nowMs: number): string {
  const left = Math.floor(deadlineSeconds - nowMs / 1000);
  if (left <= 0) return "passed";
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  return `${minutes} min ${String(left % 60).padStart(2, "0")} s`;
}

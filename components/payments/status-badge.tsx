import { useStatusLabel } from "@/lib/console/i18n/use-format";

// Invoice, payout, payment intent, webhook delivery and e-mail statuses: one tone per status word.
const TONE: Record<string, string> = {
  pending: "bg-sky-100 text-sky-900 ring-sky-300",
  success: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  insufficient_not_refunded: "bg-orange-100 text-orange-900 ring-orange-300",
  insufficient_refunded: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  manual_review: "bg-orange-100 text-orange-900 ring-orange-300",
  aml_hold: "bg-red-100 text-red-900 ring-red-300",
  approval_pending: "bg-amber-100 text-amber-900 ring-amber-300",
  approved: "bg-sky-100 text-sky-900 ring-sky-300",
  paid: "bg-violet-100 text-violet-900 ring-violet-300",
  underpaid: "bg-orange-100 text-orange-900 ring-orange-300",
  underfunded: "bg-orange-100 text-orange-900 ring-orange-300",
  payment_review: "bg-orange-100 text-orange-900 ring-orange-300",
  signed: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  completed: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  refunded: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  rejected: "bg-red-100 text-red-900 ring-red-300",
  cancelled: "bg-slate-200 text-slate-800 ring-slate-300",
  expired: "bg-slate-200 text-slate-800 ring-slate-300",
  sent: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  delivered: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  failed: "bg-red-100 text-red-900 ring-red-300",
};

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const statusLabel = useStatusLabel();
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
        TONE[status] ?? "bg-slate-100 text-slate-800 ring-slate-300"
      }`}
    >
      {statusLabel(status)}
    </span>
  );
}

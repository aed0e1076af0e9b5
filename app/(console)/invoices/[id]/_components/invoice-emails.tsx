"use client";
import { ErrorNote, Section } from "@/components/payments/detail";
import { StatusBadge } from "@/components/payments/status-badge";
import { useViewer } from "@/components/providers";
import { ResendButton } from "@/components/ui/resend-button";
import { formatDateTime } from "@/lib/console/format";
import { INVOICE_EMAILS_KEY, useInvoiceEmails } from "@/lib/console/queries";
import type { InvoiceEmail } from "@/lib/console/types";

const KIND_LABELS: Record<InvoiceEmail["kind"], string> = {
  invoice: "Invoice",
  reminder_due_soon: "Reminder before due date",
  reminder_overdue: "Overdue reminder",
};

/** The e-mails sent to the invoice's recipient, each with its attempts, and Resend for approvers. */
export function InvoiceEmails({ invoiceId, status }: { invoiceId: string; status: string }) {
  const { data, error } = useInvoiceEmails(invoiceId, status);
  const viewer = useViewer();
  const canResend = viewer.permissions.includes("transfer:approve");
  return (
    <Section id="emails" title="E-mails">
      {error ? <ErrorNote>Could not load e-mails: {error.message}</ErrorNote> : null}
      {data && !data.configured ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="emails-off">
          E-mail is off on this server (no SMTP_URL is set): nothing is sent to the recipient.
        </p>
      ) : null}
      {data && data.configured && data.emails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="emails-empty">
          No e-mails yet. The invoice is e-mailed to its recipient when it is approved.
        </p>
      ) : null}
      {data && data.emails.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="E-mails">
          {data.emails.map((email) => {
            const last = email.attempts.at(-1);
            return (
              <li key={email.id} className="py-2 text-sm" data-testid="invoice-email">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium text-slate-900">{KIND_LABELS[email.kind]}</span>
                  <StatusBadge status={email.status} />
                  <span className="text-slate-700">
                    {email.attempts.length} attempt{email.attempts.length === 1 ? "" : "s"}
                  </span>
                  {canResend && data.configured ? <ResendButton
                      path={`/api/invoices/${encodeURIComponent(invoiceId)}/emails/${encodeURIComponent(email.id)}/resend`}
                      refresh={INVOICE_EMAILS_KEY}
                      queued="E-mail queued to be sent again"
                      label={`Resend ${KIND_LABELS[email.kind].toLowerCase()} e-mail`}
                      className="ml-auto"
                    /> : null}
                </div>
                <p className="mt-1 wrap-anywhere text-slate-700">
                  To {email.recipient} · {formatDateTime(email.sent_at ?? email.created_at)}
                  {last && last.outcome !== "sent" ? ` · ${last.smtp_code ? `SMTP ${last.smtp_code}: ` : ""}${last.error ?? last.smtp_response ?? ""}` : ""}
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Section>
  );
}

"use client";
import { useTranslations } from "next-intl";
import { ErrorNote, Section } from "@/components/payments/detail";
import { StatusBadge } from "@/components/payments/status-badge";
import { useViewer } from "@/components/providers";
import { ResendButton } from "@/components/ui/resend-button";
import { useFormat } from "@/lib/console/i18n/use-format";
import { INVOICE_EMAILS_KEY, useInvoiceEmails } from "@/lib/console/queries";

/** The e-mails sent to the invoice's recipient, each with its attempts, and Resend for approvers. */
export function InvoiceEmails({ invoiceId, status }: { invoiceId: string; status: string }) {
  const { data, error } = useInvoiceEmails(invoiceId, status);
  const viewer = useViewer();
  const canResend = viewer.permissions.includes("transfer:approve");
  const t = useTranslations("invoiceEmails");
  const format = useFormat();
  return (
    <Section id="emails" title={t("title")}>
      {error ? <ErrorNote>{t("loadFailed", { message: error.message })}</ErrorNote> : null}
      {data && !data.configured ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="emails-off">
          {t("off")}
        </p>
      ) : null}
      {data && data.configured && data.emails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="emails-empty">
          {t("empty")}
        </p>
      ) : null}
      {data && data.emails.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t("title")}>
          {data.emails.map((email) => {
            const last = email.attempts.at(-1);
            return (
              <li key={email.id} className="py-2 text-sm" data-testid="invoice-email">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium text-slate-900">{t(`kind.${email.kind}`)}</span>
                  <StatusBadge status={email.status} />
                  <span className="text-slate-700">{t("attempts", { count: email.attempts.length })}</span>
                  {canResend && data.configured ? <ResendButton
                      path={`/api/invoices/${encodeURIComponent(invoiceId)}/emails/${encodeURIComponent(email.id)}/resend`}
                      refresh={INVOICE_EMAILS_KEY}
                      queued={t("queued")}
                      label={t(`resend.${email.kind}`)}
                      className="ml-auto"
                    /> : null}
                </div>
                <p className="mt-1 wrap-anywhere text-slate-700">
                  {t("to", { recipient: email.recipient, time: format.dateTime(email.sent_at ?? email.created_at) })}
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

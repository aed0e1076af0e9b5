"use client";
import { useTranslations } from "next-intl";
import { InvoiceActions } from "./invoice-actions";
import { InvoiceEmails } from "./invoice-emails";
import { AmountRows, Field, Fields, IdFields, RecipientFields, Section } from "@/components/payments/detail";
import { RecordDetail } from "@/components/payments/record-detail";
import { useFormat } from "@/lib/console/i18n/use-format";
import { INVOICES } from "@/lib/console/resources";
import type { Invoice } from "@/lib/console/types";

export function InvoiceDetail({ id }: { id: string }) {
  const t = useTranslations("detail");
  return (
    <RecordDetail<Invoice>
      resource={INVOICES}
      id={id}
      number={(invoice) => invoice.invoice_id}
      actions={(invoice) => <InvoiceActions invoice={invoice} />}
      sections={(invoice) => <InvoiceSections invoice={invoice} />}
      panel={{ title: t("payment"), settlementLabel: t("settlement") }}
    />
  );
}

function InvoiceSections({ invoice }: { invoice: Invoice }) {
  const pi = invoice.payment_intent;
  const t = useTranslations();
  const format = useFormat();
  const unit = pi.pricing_mode === "fiat" ? (invoice.currency ?? pi.fiat_currency ?? "") : pi.symbol;
  return (
    <>
      <Section id="details" title={t("detail.details")}>
        <Fields>
          <RecipientFields record={invoice} />
          <Field label={t("detail.pricingMode")}>{pi.pricing_mode}</Field>
          <Field label={t("detail.settlementType")}>{pi.payment_method_type}</Field>
          <Field label={t("detail.issueDate")}>{format.date(invoice.invoice_issue_date)}</Field>
          <Field label={t("detail.paymentTerms")}>{invoice.payment_terms === 0 ? t("detail.dueOnReceipt") : t("detail.days", { count: invoice.payment_terms })}</Field>
          <IdFields title={t("resources.invoices.title")} id={invoice.id} paymentIntentId={pi.payment_intent_id} />
          {invoice.description ? <Field label={t("detail.description")}>{invoice.description}</Field> : null}
        </Fields>
      </Section>

      <Section id="items" title={t("detail.lineItems")}>
        <a href={`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`} download className="mt-2 inline-block text-sm font-medium text-indigo-700 underline underline-offset-2">
          {t("detail.downloadPdf")}
        </a>
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead className="text-left text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="py-1 pr-3">{t("detail.item")}</th>
                <th scope="col" className="py-1 pr-3 text-right">{t("detail.quantity")}</th>
                <th scope="col" className="py-1 pr-3 text-right">{t("detail.unitPrice")}</th>
                <th scope="col" className="py-1 text-right">{t("detail.tax")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {invoice.detail_items.map((item, index) => (
                <tr key={index}>
                  <td className="py-1.5 pr-3">{item.name}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{item.quantity}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{item.unit_price}</td>
                  <td className="py-1.5 text-right tabular-nums">{item.tax ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <AmountRows
          unit={unit}
          className="ml-auto max-w-xs"
          rows={[
            [t("detail.subtotal"), invoice.subtotal, false, "Subtotal"],
            [t("detail.tax"), invoice.tax_total, false, "Tax"],
            [t("detail.total"), invoice.amount, true, "Total"],
          ]}
        />
      </Section>

      <InvoiceEmails invoiceId={invoice.id} status={invoice.status} />
    </>
  );
}

"use client";
import { InvoiceActions } from "./invoice-actions";
import { InvoiceEmails } from "./invoice-emails";
import { AmountRows, Field, Fields, IdFields, RecipientFields, Section } from "@/components/payments/detail";
import { RecordDetail } from "@/components/payments/record-detail";
import { formatDate } from "@/lib/console/format";
import { INVOICES } from "@/lib/console/resources";
import type { Invoice } from "@/lib/console/types";

export function InvoiceDetail({ id }: { id: string }) {
  return (
    <RecordDetail<Invoice>
      resource={INVOICES}
      id={id}
      number={(invoice) => invoice.invoice_id}
      actions={(invoice) => <InvoiceActions invoice={invoice} />}
      sections={(invoice) => <InvoiceSections invoice={invoice} />}
      panel={{ title: "Payment", settlementLabel: "Settlement" }}
    />
  );
}

function InvoiceSections({ invoice }: { invoice: Invoice }) {
  const pi = invoice.payment_intent;
  const unit = pi.pricing_mode === "fiat" ? (invoice.currency ?? pi.fiat_currency ?? "") : pi.symbol;
  return (
    <>
      <Section id="details" title="Details">
        <Fields>
          <RecipientFields record={invoice} />
          <Field label="Pricing mode">{pi.pricing_mode}</Field>
          <Field label="Settlement type">{pi.payment_method_type}</Field>
          <Field label="Issue date">{formatDate(invoice.invoice_issue_date)}</Field>
          <Field label="Payment terms">{invoice.payment_terms === 0 ? "Due on receipt" : `${invoice.payment_terms} days`}</Field>
          <IdFields title="Invoice" id={invoice.id} paymentIntentId={pi.payment_intent_id} />
          {invoice.description ? <Field label="Description">{invoice.description}</Field> : null}
        </Fields>
      </Section>

      <Section id="items" title="Line items">
        <a href={`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`} download className="mt-2 inline-block text-sm font-medium text-indigo-700 underline underline-offset-2">
          Download PDF
        </a>
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead className="text-left text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="py-1 pr-3">Item</th>
                <th scope="col" className="py-1 pr-3 text-right">Quantity</th>
                <th scope="col" className="py-1 pr-3 text-right">Unit price</th>
                <th scope="col" className="py-1 text-right">Tax</th>
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
            ["Subtotal", invoice.subtotal],
            ["Tax", invoice.tax_total],
            ["Total", invoice.amount, true],
          ]}
        />
      </Section>

      <InvoiceEmails invoiceId={invoice.id} status={invoice.status} />
    </>
  );
}

"use client";
import { Amount, Day, Money } from "@/components/payments/amount";
import { createdColumn, dueColumn, idColumn, partyColumn, RecordList, statusColumn, tokenAmountColumn, type Column, type TextFilter } from "@/components/payments/record-list";
import { invoiceDueDate } from "@/lib/console/format";
import { INVOICES } from "@/lib/console/resources";
import type { Invoice } from "@/lib/console/types";

const TEXT_FILTERS: TextFilter[] = [
  { key: "recipient_email", label: "Recipient email", labelKey: "columns.recipientEmail", type: "email" },
  { key: "invoice_id", label: "Invoice id", labelKey: "columns.invoiceId" },
  { key: "payment_intent_id", label: "Payment intent id", labelKey: "columns.paymentIntentId" },
  { key: "created_from", label: "Created from", labelKey: "columns.createdFrom", type: "date" },
  { key: "created_to", label: "Created to", labelKey: "columns.createdTo", type: "date" },
];

const COLUMNS: Column<Invoice>[] = [
  idColumn(INVOICES, (invoice) => invoice.invoice_id),
  partyColumn(),
  tokenAmountColumn("Amount", (invoice) => invoice.payment_intent.crypto_amount, "", "amount", "columns.amount"),
  {
    header: "Fiat amount",
    labelKey: "columns.fiatAmount",
    className: "hidden text-right tabular-nums md:table-cell",
    cell: ({ payment_intent: pi }) => (pi.fiat_amount ? pi.fiat_currency ? <Money value={pi.fiat_amount} currency={pi.fiat_currency} /> : <Amount value={pi.fiat_amount} /> : "—"),
  },
  statusColumn(),
  dueColumn((invoice) => <Day value={invoiceDueDate(invoice.invoice_issue_date, invoice.payment_terms)} />),
  createdColumn(),
];

export function InvoiceList() {
  return <RecordList resource={INVOICES} textFilters={TEXT_FILTERS} columns={COLUMNS} />;
}

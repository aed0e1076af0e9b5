// The CSV exports' columns and rows (issue 27; what each export is: declarations.ts). Each column
// is a field of the list's own record, so a row of the file says what the list endpoint says.
import "server-only";
import type { ExportQuery } from "@/lib/studio/core/paging";
import type { InvoiceListQuery } from "@/lib/studio/invoices/schemas";
import type { PayoutListQuery } from "@/lib/studio/payouts/schemas";
import type { PaymentIntentListQuery } from "@/lib/studio/standalone-payments/schemas";
import type { LedgerQuery } from "@/lib/studio/balances/schemas";
import type { AuditLogQuery } from "@/lib/studio/audit/audit-log";
import type { DeliveriesQuery } from "@/lib/studio/webhooks/deliveries";
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { csvResponse, exportFilename, type CsvBatches, type CsvColumn } from "@/lib/studio/export/csv-export";
import { invoiceExportBatches } from "@/lib/studio/invoices/list-invoices";
import { invoiceAmounts } from "@/lib/studio/invoices/serialize";
import { STATUS_CATEGORY, type InvoiceStatus } from "@/lib/studio/invoices/status";
import { payoutExportBatches } from "@/lib/studio/payouts/list-payouts";
import { payoutAmounts } from "@/lib/studio/payouts/serialize";
import { PAYOUT_STATUS_CATEGORY, type PayoutStatus } from "@/lib/studio/payouts/status";
import { paymentIntentExportBatches } from "@/lib/studio/standalone-payments/list-payment-intents";
import { STANDALONE_STATUS_CATEGORY, type StandaloneStatus } from "@/lib/studio/standalone-payments/status";
import { fiatAmount, paymentAddressText, paymentDeadlineSeconds, tokenAmount } from "@/lib/studio/payment-intents/serialize";
import { invoices } from "@/lib/studio/db/invoices-schema";
import { payouts } from "@/lib/studio/db/payouts-schema";
import { paymentIntents, standalonePaymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { tableColumns, type TableRow } from "@/lib/db/table-rows";
import { ledgerExportBatches, type LedgerEntryRecord } from "@/lib/studio/balances/list-balances";
import { auditExportBatches, type AuditLogEntryRecord } from "@/lib/studio/audit/audit-log";
import { deliveryExportBatches, type WebhookDeliveryRecord } from "@/lib/studio/webhooks/deliveries";
import { EXPORT_LISTS, type ExportName } from "@/lib/studio/export/declarations";
import { studioRoute } from "@/lib/studio/http/route";

type ExportDeclaration<Query, Record> = {
  columns: CsvColumn<Record>[];
  batches: (principal: Principal, query: Query) => Promise<CsvBatches<Record>>;
};

const field = <Record>(header: keyof Record & string): CsvColumn<Record> => ({ header, cell: (record) => record[header] as never });
const isoTime = (time: Date) => time.toISOString();

/** `work` done once per row however many of the row's cells read it (a row's cells are made one after another). */
function perRow<Row, Value>(work: (row: Row) => Value): (row: Row) => Value {
  let last: Row | undefined;
  let value: Value;
  return (row) => {
    if (row !== last) {
      value = work(row);
      last = row;
    }
    return value;
  };
}

// The invoice, payout and payment intent files read only the columns their cells show: whole rows
// of both tables were most of a million-row export's time (reading, decoding and serializing ~70
// columns for 24). Each cell is worked out by the serializer's own helper where the list's record
// computes it, so a file's row says what the list endpoint says (e2e/api/export.test.ts compares
// every column with the list).
const invoiceSelection = {
  invoice: tableColumns(invoices, "seq", "id", "invoiceNumber", "status", "amount", "currency", "detailItems", "recipientName", "recipientEmail", "organizationName", "organizationEmail", "paymentTerms", "invoiceIssueDate", "description", "creator", "createdAt", "updatedAt"),
  paymentIntent: tableColumns(paymentIntents, "pricingMode", "decimals", "tokenSymbol", "chainId", "cryptoAmount", "receivedCryptoAmount", "paymentAddress", "paymentTxHash"),
};
type InvoiceExportRow = TableRow<typeof invoiceSelection>;
const amountsOfInvoice = perRow(({ invoice, paymentIntent }: InvoiceExportRow) => invoiceAmounts(invoice, paymentIntent));

const invoiceExport: ExportDeclaration<ExportQuery<InvoiceListQuery>, InvoiceExportRow> = {
  columns: [
    { header: "id", cell: ({ invoice }) => invoice.id },
    { header: "invoice_id", cell: ({ invoice }) => invoice.invoiceNumber },
    { header: "status", cell: ({ invoice }) => invoice.status },
    { header: "status_category", cell: ({ invoice }) => STATUS_CATEGORY[invoice.status as InvoiceStatus] },
    { header: "amount", cell: (row) => amountsOfInvoice(row).amount },
    { header: "currency", cell: ({ invoice }) => invoice.currency },
    { header: "subtotal", cell: (row) => amountsOfInvoice(row).subtotal },
    { header: "tax_total", cell: (row) => amountsOfInvoice(row).tax_total },
    { header: "pay_token", cell: ({ paymentIntent }) => paymentIntent.tokenSymbol },
    { header: "chain", cell: ({ paymentIntent }) => paymentIntent.chainId },
    { header: "crypto_amount", cell: ({ paymentIntent }) => tokenAmount(paymentIntent.cryptoAmount, paymentIntent.decimals) },
    { header: "received_crypto_amount", cell: ({ paymentIntent }) => tokenAmount(paymentIntent.receivedCryptoAmount, paymentIntent.decimals) },
    { header: "payment_address", cell: ({ paymentIntent }) => paymentAddressText(paymentIntent.paymentAddress) },
    { header: "payment_tx_hash", cell: ({ paymentIntent }) => paymentIntent.paymentTxHash },
    { header: "recipient_name", cell: ({ invoice }) => invoice.recipientName },
    { header: "recipient_email", cell: ({ invoice }) => invoice.recipientEmail },
    { header: "organization_name", cell: ({ invoice }) => invoice.organizationName },
    { header: "organization_email", cell: ({ invoice }) => invoice.organizationEmail },
    { header: "payment_terms", cell: ({ invoice }) => invoice.paymentTerms },
    { header: "invoice_issue_date", cell: ({ invoice }) => isoTime(invoice.invoiceIssueDate) },
    { header: "description", cell: ({ invoice }) => invoice.description },
    { header: "creator", cell: ({ invoice }) => invoice.creator },
    { header: "created_at", cell: ({ invoice }) => isoTime(invoice.createdAt) },
    { header: "updated_at", cell: ({ invoice }) => isoTime(invoice.updatedAt) },
  ],
  batches: async (principal, query) => invoiceExportBatches(await db(), principal.orgId, query, invoiceSelection),
};

const payoutSelection = {
  payout: tableColumns(payouts, "seq", "id", "payoutNumber", "status", "amount", "exactOutAmount", "currency", "recipientName", "recipientEmail", "organizationName", "organizationEmail", "description", "creator", "createdAt", "updatedAt"),
  paymentIntent: tableColumns(paymentIntents, "pricingMode", "decimals", "tokenSymbol", "chainId", "cryptoAmount", "payoutTargetAddress", "paymentTxHash"),
};
type PayoutExportRow = TableRow<typeof payoutSelection>;
const amountsOfPayout = perRow(({ payout, paymentIntent }: PayoutExportRow) => payoutAmounts(payout, paymentIntent));

const payoutExport: ExportDeclaration<ExportQuery<PayoutListQuery>, PayoutExportRow> = {
  columns: [
    { header: "id", cell: ({ payout }) => payout.id },
    { header: "payout_id", cell: ({ payout }) => payout.payoutNumber },
    { header: "status", cell: ({ payout }) => payout.status },
    { header: "status_category", cell: ({ payout }) => PAYOUT_STATUS_CATEGORY[payout.status as PayoutStatus] },
    { header: "amount", cell: (row) => amountsOfPayout(row).amount },
    { header: "exact_out_amount", cell: (row) => amountsOfPayout(row).exact_out_amount },
    { header: "kg_fee_amount", cell: (row) => amountsOfPayout(row).kg_fee_amount },
    { header: "currency", cell: ({ payout }) => payout.currency },
    { header: "pay_token", cell: ({ paymentIntent }) => paymentIntent.tokenSymbol },
    { header: "chain", cell: ({ paymentIntent }) => paymentIntent.chainId },
    { header: "crypto_amount", cell: ({ paymentIntent }) => tokenAmount(paymentIntent.cryptoAmount, paymentIntent.decimals) },
    { header: "payout_target_address", cell: ({ paymentIntent }) => paymentIntent.payoutTargetAddress },
    { header: "payment_tx_hash", cell: ({ paymentIntent }) => paymentIntent.paymentTxHash },
    { header: "recipient_name", cell: ({ payout }) => payout.recipientName },
    { header: "recipient_email", cell: ({ payout }) => payout.recipientEmail },
    { header: "organization_name", cell: ({ payout }) => payout.organizationName },
    { header: "organization_email", cell: ({ payout }) => payout.organizationEmail },
    { header: "description", cell: ({ payout }) => payout.description },
    { header: "creator", cell: ({ payout }) => payout.creator },
    { header: "created_at", cell: ({ payout }) => isoTime(payout.createdAt) },
    { header: "updated_at", cell: ({ payout }) => isoTime(payout.updatedAt) },
  ],
  batches: async (principal, query) => payoutExportBatches(await db(), principal.orgId, query, payoutSelection),
};

const paymentIntentSelection = {
  row: tableColumns(standalonePaymentIntents, "seq", "status"),
  paymentIntent: tableColumns(paymentIntents, "id", "status", "chainId", "tokenSymbol", "decimals", "cryptoAmount", "fiatAmount", "fiatCurrency", "receivedCryptoAmount", "paymentAddress", "payerAddress", "paymentTxHash", "paymentDeadline", "groupKey", "createdAt", "updatedAt"),
};

const paymentIntentExport: ExportDeclaration<ExportQuery<PaymentIntentListQuery>, TableRow<typeof paymentIntentSelection>> = {
  columns: [
    { header: "payment_intent_id", cell: ({ paymentIntent }) => paymentIntent.id },
    { header: "status", cell: ({ paymentIntent }) => paymentIntent.status },
    { header: "status_category", cell: ({ row }) => STANDALONE_STATUS_CATEGORY[row.status as StandaloneStatus] },
    { header: "payment_chain_id", cell: ({ paymentIntent }) => paymentIntent.chainId },
    { header: "symbol", cell: ({ paymentIntent }) => paymentIntent.tokenSymbol },
    { header: "crypto_amount", cell: ({ paymentIntent }) => tokenAmount(paymentIntent.cryptoAmount, paymentIntent.decimals) },
    { header: "fiat_amount", cell: ({ paymentIntent }) => fiatAmount(paymentIntent.fiatAmount) },
    { header: "fiat_currency", cell: ({ paymentIntent }) => paymentIntent.fiatCurrency },
    { header: "received_crypto_amount", cell: ({ paymentIntent }) => tokenAmount(paymentIntent.receivedCryptoAmount, paymentIntent.decimals) },
    { header: "payment_address", cell: ({ paymentIntent }) => paymentAddressText(paymentIntent.paymentAddress) },
    { header: "payer_address", cell: ({ paymentIntent }) => paymentIntent.payerAddress },
    { header: "payment_tx_hash", cell: ({ paymentIntent }) => paymentIntent.paymentTxHash },
    { header: "payment_deadline", cell: ({ paymentIntent }) => paymentDeadlineSeconds(paymentIntent.paymentDeadline) },
    { header: "group_key", cell: ({ paymentIntent }) => paymentIntent.groupKey },
    { header: "created_at", cell: ({ paymentIntent }) => isoTime(paymentIntent.createdAt) },
    { header: "updated_at", cell: ({ paymentIntent }) => isoTime(paymentIntent.updatedAt) },
  ],
  batches: async (principal, query) => paymentIntentExportBatches(await db(), principal.orgId, query, paymentIntentSelection),
};

const ledgerExport: ExportDeclaration<ExportQuery<LedgerQuery>, LedgerEntryRecord> = {
  columns: (["id", "created_at", "chain_id", "symbol", "contract_address", "amount", "kind", "payment_intent_id", "transfer_id", "reference"] as const).map(
    field<LedgerEntryRecord>,
  ),
  batches: async (principal, query) => ledgerExportBatches(await db(), principal.orgId, query),
};

const auditExport: ExportDeclaration<ExportQuery<AuditLogQuery>, AuditLogEntryRecord> = {
  columns: [
    ...(["id", "created_at", "actor_uid", "action", "object_type", "object_id"] as const).map(field<AuditLogEntryRecord>),
    { header: "details", cell: (record) => JSON.stringify(record.details) },
  ],
  batches: async (principal, query) => auditExportBatches(await db(), principal.orgId, query),
};

const deliveryExport: ExportDeclaration<ExportQuery<DeliveriesQuery>, WebhookDeliveryRecord> = {
  columns: [
    ...(["id", "type", "object_type", "object_id", "endpoint_id", "url", "status", "attempt_count", "next_attempt_at", "delivered_at", "created_at"] as const).map(
      field<WebhookDeliveryRecord>,
    ),
    { header: "last_status_code", cell: (record) => record.attempts[record.attempts.length - 1]?.status_code },
    { header: "last_error", cell: (record) => record.attempts[record.attempts.length - 1]?.error },
  ],
  batches: async (principal, query) => deliveryExportBatches(await db(), principal.orgId, query),
};

const EXPORTS = {
  invoices: invoiceExport,
  payouts: payoutExport,
  paymentIntents: paymentIntentExport,
  ledger: ledgerExport,
  auditLog: auditExport,
  webhookDeliveries: deliveryExport,
} as const satisfies Record<ExportName, unknown>;

/** The CSV answer of one export for the caller's organization. */
export async function exportCsv(name: ExportName, principal: Principal, query: unknown): Promise<Response> {
  const declaration = EXPORTS[name] as unknown as ExportDeclaration<unknown, unknown>;
  return csvResponse({ filename: exportFilename(EXPORT_LISTS[name].file), columns: declaration.columns, batches: await declaration.batches(principal, query) });
}

/** The GET handler of an export: the list's permission and query, answered as a CSV stream. */
export function exportRoute(name: ExportName) {
  const { permission, query } = EXPORT_LISTS[name];
  return studioRoute({ permission, query }, ({ principal, query }) => exportCsv(name, principal, query));
}

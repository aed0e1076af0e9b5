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
import { csvResponse, exportFilename, type CsvColumn } from "@/lib/studio/export/csv-export";
import { invoiceExportBatches } from "@/lib/studio/invoices/list-invoices";
import type { InvoiceIntentRecord } from "@/lib/studio/invoices/serialize";
import { payoutExportBatches } from "@/lib/studio/payouts/list-payouts";
import type { PayoutIntentRecord } from "@/lib/studio/payouts/serialize";
import { paymentIntentExportBatches } from "@/lib/studio/standalone-payments/list-payment-intents";
import type { StandalonePaymentRecord } from "@/lib/studio/standalone-payments/serialize";
import { ledgerExportBatches, type LedgerEntryRecord } from "@/lib/studio/balances/list-balances";
import { auditExportBatches, type AuditLogEntryRecord } from "@/lib/studio/audit/audit-log";
import { deliveryExportBatches, type WebhookDeliveryRecord } from "@/lib/studio/webhooks/deliveries";
import { EXPORT_LISTS, type ExportName } from "@/lib/studio/export/declarations";
import { studioRoute } from "@/lib/studio/http/route";
import type { CsvBatches } from "@/lib/studio/export/csv-export";

type ExportDeclaration<Query, Record> = {
  columns: CsvColumn<Record>[];
  batches: (principal: Principal, query: Query) => Promise<CsvBatches<Record>>;
};

const field = <Record>(header: keyof Record & string): CsvColumn<Record> => ({ header, cell: (record) => record[header] as never });

const invoiceExport: ExportDeclaration<ExportQuery<InvoiceListQuery>, InvoiceIntentRecord> = {
  columns: [
    ...(["id", "invoice_id", "status", "status_category", "amount", "currency", "subtotal", "tax_total"] as const).map(field<InvoiceIntentRecord>),
    { header: "pay_token", cell: (record) => record.payment_intent.symbol },
    { header: "chain", cell: (record) => record.payment_intent.payment_chain_id },
    { header: "crypto_amount", cell: (record) => record.payment_intent.crypto_amount },
    { header: "received_crypto_amount", cell: (record) => record.payment_intent.received_crypto_amount },
    { header: "payment_address", cell: (record) => record.payment_intent.payment_address },
    { header: "payment_tx_hash", cell: (record) => record.payment_intent.payment_tx_hash },
    ...(
      ["recipient_name", "recipient_email", "organization_name", "organization_email", "payment_terms", "invoice_issue_date", "description", "creator", "created_at", "updated_at"] as const
    ).map(field<InvoiceIntentRecord>),
  ],
  batches: async (principal, query) => invoiceExportBatches(await db(), principal.orgId, query),
};

const payoutExport: ExportDeclaration<ExportQuery<PayoutListQuery>, PayoutIntentRecord> = {
  columns: [
    ...(["id", "payout_id", "status", "status_category", "amount", "exact_out_amount", "kg_fee_amount", "currency"] as const).map(field<PayoutIntentRecord>),
    { header: "pay_token", cell: (record) => record.payment_intent.symbol },
    { header: "chain", cell: (record) => record.payment_intent.payment_chain_id },
    { header: "crypto_amount", cell: (record) => record.payment_intent.crypto_amount },
    { header: "payout_target_address", cell: (record) => record.payment_intent.payout_target_address },
    { header: "payment_tx_hash", cell: (record) => record.payment_intent.payment_tx_hash },
    ...(["recipient_name", "recipient_email", "organization_name", "organization_email", "description", "creator", "created_at", "updated_at"] as const).map(
      field<PayoutIntentRecord>,
    ),
  ],
  batches: async (principal, query) => payoutExportBatches(await db(), principal.orgId, query),
};

const paymentIntentExport: ExportDeclaration<ExportQuery<PaymentIntentListQuery>, StandalonePaymentRecord> = {
  columns: (
    [
      "payment_intent_id", "status", "status_category", "payment_chain_id", "symbol", "crypto_amount", "fiat_amount", "fiat_currency",
      "received_crypto_amount", "payment_address", "payer_address", "payment_tx_hash", "payment_deadline", "group_key", "created_at", "updated_at",
    ] as const
  ).map(field<StandalonePaymentRecord>),
  batches: async (principal, query) => paymentIntentExportBatches(await db(), principal.orgId, query),
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

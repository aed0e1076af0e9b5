import "server-only";
// What each CSV export is (issue 27): the list it exports, its file name, who may take it and the
// query it reads (the list's filters and sort, without paging). Read by the routes, the OpenAPI
// document and, with its columns and batches, by exports.ts.
import { invoiceListQuerySchema } from "@/lib/studio/invoices/schemas";
import { payoutListQuerySchema } from "@/lib/studio/payouts/schemas";
import { paymentIntentListQuerySchema } from "@/lib/studio/standalone-payments/schemas";
import { ledgerQuerySchema } from "@/lib/studio/balances/schemas";
import { auditLogQuerySchema } from "@/lib/studio/audit/audit-log";
import { deliveriesQuerySchema } from "@/lib/studio/webhooks/deliveries";
import { exportQuerySchema } from "@/lib/studio/core/paging";
import type { Permission } from "@/lib/studio/auth/permissions";

export const EXPORT_LISTS = {
  invoices: { listPath: "/invoice/intents", file: "invoices", tag: "Invoices", permission: "transfer:read", query: exportQuerySchema(invoiceListQuerySchema) },
  payouts: { listPath: "/payout/intents", file: "payouts", tag: "Payouts", permission: "transfer:read", query: exportQuerySchema(payoutListQuerySchema) },
  paymentIntents: {
    listPath: "/payment/intents", file: "payment-intents", tag: "Payment intents", permission: "transfer:read",
    query: exportQuerySchema(paymentIntentListQuerySchema),
  },
  ledger: { listPath: "/balances/ledger", file: "ledger", tag: "Balances", permission: "transfer:read", query: exportQuerySchema(ledgerQuerySchema) },
  // The audit log's own permission: who may read it may export it.
  auditLog: { listPath: "/audit_log", file: "audit-log", tag: "Audit log", permission: "org:manage", query: exportQuerySchema(auditLogQuerySchema) },
  webhookDeliveries: {
    listPath: "/webhook/deliveries", file: "webhook-deliveries", tag: "Webhooks", permission: "transfer:read",
    query: exportQuerySchema(deliveriesQuerySchema),
  },
} as const satisfies Record<string, { listPath: string; file: string; tag: string; permission: Permission; query: unknown }>;
export type ExportName = keyof typeof EXPORT_LISTS;

/** The export's path beside its list: `<list>/export`. */
export const exportPath = (name: ExportName) => `${EXPORT_LISTS[name].listPath}/export`;

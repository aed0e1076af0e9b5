import "server-only";
import { invoices } from "@/lib/studio/db/invoices-schema";
import type { Owner } from "@/lib/studio/workflow/owner";
import { invoiceStateMachine, type InvoiceAction, type InvoiceStatus } from "@/lib/studio/invoices/status";
import { serializeInvoice, type InvoiceIntentRecord } from "@/lib/studio/invoices/serialize";

export const invoiceOwner: Owner<typeof invoices, InvoiceStatus, InvoiceAction, InvoiceIntentRecord> = {
  type: "invoice",
  label: "Invoice intent",
  table: invoices,
  machine: invoiceStateMachine,
  serialize: serializeInvoice,
};

"use client";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { EditRecord } from "@/components/payments/edit-record";
import { INVOICES } from "@/lib/console/resources";
import type { Invoice } from "@/lib/console/types";

export function EditInvoice({ id }: { id: string }) {
  return <EditRecord<Invoice> resource={INVOICES} id={id} number={(invoice) => invoice.invoice_id} form={(invoice) => <InvoiceForm invoice={invoice} />} />;
}

import type { Metadata } from "next";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { NewRecord } from "@/components/payments/new-record";
import { INVOICES } from "@/lib/console/resources";

export const metadata: Metadata = { title: "New invoice · Studio" };
export const dynamic = "force-dynamic";

export default function NewInvoicePage() {
  return (
    <NewRecord resource={INVOICES}>
      <InvoiceForm />
    </NewRecord>
  );
}

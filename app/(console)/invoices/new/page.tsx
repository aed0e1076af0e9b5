import type { Metadata } from "next";
import Link from "next/link";
import { InvoiceForm } from "@/components/invoices/invoice-form";

export const metadata: Metadata = { title: "New invoice · Studio" };
export const dynamic = "force-dynamic";

export default function NewInvoicePage() {
  return (
    <div className="space-y-4">
      <Link href="/invoices" className="text-sm text-indigo-800 underline-offset-2 hover:underline">
        ← Invoices
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">New invoice</h1>
      <InvoiceForm />
    </div>
  );
}

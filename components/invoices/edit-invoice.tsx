"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { apiFetch } from "@/lib/console/api";
import type { Invoice } from "@/lib/console/types";

export function EditInvoice({ id }: { id: string }) {
  const invoice = useQuery({
    queryKey: ["invoices", "detail", id],
    queryFn: () => apiFetch<{ data: Invoice }>(`/api/invoices/${encodeURIComponent(id)}`).then((body) => body.data),
  });
  return (
    <div className="space-y-4">
      <Link href={`/invoices/${id}`} className="text-sm text-indigo-800 underline-offset-2 hover:underline">
        ← Back to the invoice
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">Edit invoice {invoice.data?.invoice_id ?? ""}</h1>
      {invoice.isPending ? <div className="h-64 animate-pulse rounded bg-slate-200" aria-busy="true" /> : null}
      {invoice.error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {invoice.error.message}
        </p>
      ) : null}
      {invoice.data ? <InvoiceForm invoice={invoice.data} /> : null}
    </div>
  );
}

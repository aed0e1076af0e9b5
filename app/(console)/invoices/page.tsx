import type { Metadata } from "next";
import { Suspense } from "react";
import { InvoiceList } from "@/components/invoices/invoice-list";

export const metadata: Metadata = { title: "Invoices · Studio" };
export const dynamic = "force-dynamic";

export default function InvoicesPage() {
  return (
    <Suspense>
      <InvoiceList />
    </Suspense>
  );
}

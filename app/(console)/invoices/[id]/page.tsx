import type { Metadata } from "next";
import { InvoiceDetail } from "./_components/invoice-detail";
import { Prefetched } from "@/lib/console/prefetch";
import { recordQuery } from "@/lib/console/queries";
import { INVOICES } from "@/lib/console/resources";

export const metadata: Metadata = { title: "Invoice · Studio" };
export const dynamic = "force-dynamic";

export default async function InvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Prefetched queries={[recordQuery(INVOICES, id)]}>
      <InvoiceDetail id={id} />
    </Prefetched>
  );
}

import type { Metadata } from "next";
import { EditInvoice } from "./_components/edit-invoice";

export const metadata: Metadata = { title: "Edit invoice · Studio" };
export const dynamic = "force-dynamic";

export default async function EditInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditInvoice id={id} />;
}

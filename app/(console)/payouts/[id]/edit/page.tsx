import type { Metadata } from "next";
import { EditPayout } from "./_components/edit-payout";

export const metadata: Metadata = { title: "Edit payout · Studio" };
export const dynamic = "force-dynamic";

export default async function EditPayoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditPayout id={id} />;
}

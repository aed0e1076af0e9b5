import type { Metadata } from "next";
import { PayoutDetail } from "@/components/payouts/payout-detail";

export const metadata: Metadata = { title: "Payout · Studio" };
export const dynamic = "force-dynamic";

export default async function PayoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PayoutDetail id={id} />;
}

import type { Metadata } from "next";
import { PayoutDetail } from "./_components/payout-detail";
import { Prefetched } from "@/lib/console/prefetch";
import { recordQuery } from "@/lib/console/queries";
import { PAYOUTS } from "@/lib/console/resources";

export const metadata: Metadata = { title: "Payout · Studio" };
export const dynamic = "force-dynamic";

export default async function PayoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Prefetched queries={[recordQuery(PAYOUTS, id)]}>
      <PayoutDetail id={id} />
    </Prefetched>
  );
}

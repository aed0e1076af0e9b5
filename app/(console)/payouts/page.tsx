import type { Metadata } from "next";
import { Suspense } from "react";
import { PayoutList } from "@/components/payouts/payout-list";

export const metadata: Metadata = { title: "Payouts · Studio" };
export const dynamic = "force-dynamic";

export default function PayoutsPage() {
  return (
    <Suspense>
      <PayoutList />
    </Suspense>
  );
}

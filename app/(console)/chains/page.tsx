import type { Metadata } from "next";
import { ChainsPage } from "./_components/chains-page";
import { Prefetched } from "@/lib/console/prefetch";
import { chainsQuery, unmatchedDepositsQuery } from "@/lib/console/queries";

export const metadata: Metadata = { title: "Chains · Studio" };
export const dynamic = "force-dynamic";

export default function ChainsRoute() {
  return (
    <Prefetched queries={[chainsQuery(), unmatchedDepositsQuery()]}>
      <ChainsPage />
    </Prefetched>
  );
}

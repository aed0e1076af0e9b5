import type { Metadata } from "next";
import { Suspense } from "react";
import { BalancesPage } from "@/components/balances/balances-page";

export const metadata: Metadata = { title: "Balances · Studio" };
export const dynamic = "force-dynamic";

export default function BalancesRoute() {
  return (
    <Suspense>
      <BalancesPage />
    </Suspense>
  );
}

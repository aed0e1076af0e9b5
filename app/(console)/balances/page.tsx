import type { Metadata } from "next";
import { BalancesPage } from "./_components/balances-page";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { balancesQuery, ledgerQuery, withdrawalsQuery } from "@/lib/console/queries";

export const metadata: Metadata = { title: "Balances · Studio" };
export const dynamic = "force-dynamic";

export default async function BalancesRoute({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <Prefetched queries={[balancesQuery(), ledgerQuery(await urlParams(searchParams)), withdrawalsQuery()]}>
      <BalancesPage />
    </Prefetched>
  );
}

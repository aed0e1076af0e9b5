import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BalancesPage } from "./_components/balances-page";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { balancesQuery, ledgerQuery, withdrawalsQuery } from "@/lib/console/queries";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("balances") };
}
export const dynamic = "force-dynamic";

export default async function BalancesRoute({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <ConsoleIntl namespaces={["actions", "balances", "detail", "forms", "list"]}>
      <Prefetched queries={[balancesQuery(), ledgerQuery(await urlParams(searchParams)), withdrawalsQuery()]}>
        <BalancesPage />
      </Prefetched>
    </ConsoleIntl>
  );
}

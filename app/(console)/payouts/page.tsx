import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PayoutList } from "./_components/payout-list";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { listQuery } from "@/lib/console/queries";
import { PAYOUTS } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("payouts") };
}
export const dynamic = "force-dynamic";

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <ConsoleIntl namespaces={["columns", "detail", "list", "payout", "resources"]}>
      <Prefetched queries={[listQuery(PAYOUTS, await urlParams(searchParams))]}>
        <PayoutList />
      </Prefetched>
    </ConsoleIntl>
  );
}

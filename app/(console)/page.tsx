import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Dashboard } from "./_components/dashboard";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { dashboardQuery } from "@/lib/console/queries";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("dashboard") };
}
export const dynamic = "force-dynamic";

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <ConsoleIntl namespaces={["dashboard", "detail", "list"]}>
      <Prefetched queries={[dashboardQuery(await urlParams(searchParams))]}>
        <Dashboard />
      </Prefetched>
    </ConsoleIntl>
  );
}

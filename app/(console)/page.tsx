import type { Metadata } from "next";
import { Dashboard } from "./_components/dashboard";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { dashboardQuery } from "@/lib/console/queries";

export const metadata: Metadata = { title: "Dashboard · Studio" };
export const dynamic = "force-dynamic";

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <Prefetched queries={[dashboardQuery(await urlParams(searchParams))]}>
      <Dashboard />
    </Prefetched>
  );
}

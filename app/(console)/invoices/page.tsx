import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InvoiceList } from "./_components/invoice-list";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { listQuery } from "@/lib/console/queries";
import { INVOICES } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("invoices") };
}
export const dynamic = "force-dynamic";

export default async function InvoicesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <ConsoleIntl namespaces={["list", "resources"]}>
      <Prefetched queries={[listQuery(INVOICES, await urlParams(searchParams))]}>
        <InvoiceList />
      </Prefetched>
    </ConsoleIntl>
  );
}

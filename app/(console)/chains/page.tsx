import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChainsPage } from "./_components/chains-page";
import { Prefetched } from "@/lib/console/prefetch";
import { chainsQuery, unmatchedDepositsQuery } from "@/lib/console/queries";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("chains") };
}
export const dynamic = "force-dynamic";

export default function ChainsRoute() {
  return (
    <ConsoleIntl namespaces={["chains", "detail", "list"]}>
      <Prefetched queries={[chainsQuery(), unmatchedDepositsQuery()]}>
        <ChainsPage />
      </Prefetched>
    </ConsoleIntl>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentIntentList } from "./_components/payment-intent-list";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { listQuery } from "@/lib/console/queries";
import { PAYMENT_INTENTS } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("paymentIntents") };
}
export const dynamic = "force-dynamic";

export default async function PaymentIntentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <ConsoleIntl namespaces={["list", "resources"]}>
      <Prefetched queries={[listQuery(PAYMENT_INTENTS, await urlParams(searchParams))]}>
        <PaymentIntentList />
      </Prefetched>
    </ConsoleIntl>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PayoutDetail } from "./_components/payout-detail";
import { Prefetched } from "@/lib/console/prefetch";
import { recordQuery } from "@/lib/console/queries";
import { PAYOUTS } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("payout") };
}
export const dynamic = "force-dynamic";

export default async function PayoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ConsoleIntl namespaces={["actions", "detail", "panel", "payout", "record", "resources", "webhooks"]}>
      <Prefetched queries={[recordQuery(PAYOUTS, id)]}>
        <PayoutDetail id={id} />
      </Prefetched>
    </ConsoleIntl>
  );
}

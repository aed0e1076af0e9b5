import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EditPayout } from "./_components/edit-payout";
import { Prefetched } from "@/lib/console/prefetch";
import { recordQuery } from "@/lib/console/queries";
import { PAYOUTS } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("editPayout") };
}
export const dynamic = "force-dynamic";

export default async function EditPayoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ConsoleIntl namespaces={["detail", "forms", "record", "resources"]}>
      <Prefetched queries={[recordQuery(PAYOUTS, id)]}>
        <EditPayout id={id} />
      </Prefetched>
    </ConsoleIntl>
  );
}

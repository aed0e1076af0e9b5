import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EditInvoice } from "./_components/edit-invoice";
import { Prefetched } from "@/lib/console/prefetch";
import { recordQuery } from "@/lib/console/queries";
import { INVOICES } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("editInvoice") };
}
export const dynamic = "force-dynamic";

export default async function EditInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ConsoleIntl namespaces={["detail", "forms", "record", "resources"]}>
      <Prefetched queries={[recordQuery(INVOICES, id)]}>
        <EditInvoice id={id} />
      </Prefetched>
    </ConsoleIntl>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InvoiceDetail } from "./_components/invoice-detail";
import { Prefetched } from "@/lib/console/prefetch";
import { recordQuery } from "@/lib/console/queries";
import { INVOICES } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("invoice") };
}
export const dynamic = "force-dynamic";

export default async function InvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ConsoleIntl namespaces={["actions", "detail", "invoiceEmails", "panel", "record", "resources", "webhooks"]}>
      <Prefetched queries={[recordQuery(INVOICES, id)]}>
        <InvoiceDetail id={id} />
      </Prefetched>
    </ConsoleIntl>
  );
}

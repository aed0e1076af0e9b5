import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { NewRecord } from "@/components/payments/new-record";
import { INVOICES } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("newInvoice") };
}
export const dynamic = "force-dynamic";

export default function NewInvoicePage() {
  return (
    <ConsoleIntl namespaces={["forms"]}>
      <NewRecord resource={INVOICES}>
        <InvoiceForm />
      </NewRecord>
    </ConsoleIntl>
  );
}

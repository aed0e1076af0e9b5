import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WebhookDeliveries } from "./_components/webhook-deliveries";
import { WebhookEndpoints } from "./_components/webhook-endpoints";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("metaTitle") };
}
export const dynamic = "force-dynamic";

export default function WebhooksPage() {
  return (
    <ConsoleIntl namespaces={["detail", "list", "record", "webhooks"]}>
      <WebhookDeliveries>
        <WebhookEndpoints />
      </WebhookDeliveries>
    </ConsoleIntl>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WebhookDeliveries } from "./_components/webhook-deliveries";
import { WebhookEndpoints } from "./_components/webhook-endpoints";
import { ConsoleIntl } from "@/components/console-intl";
import { apiQuery, WEBHOOK_FILTER_KEYS } from "@/lib/console/list-query";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { deliveriesQuery, webhookEndpointsQuery } from "@/lib/console/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("metaTitle") };
}
export const dynamic = "force-dynamic";

// The endpoints and the delivery log come with the first HTML, as every list's rows do: read in
// the browser after it, the endpoints pushed the log down once they landed.
export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const deliveries = deliveriesQuery(apiQuery(await urlParams(searchParams), WEBHOOK_FILTER_KEYS));
  return (
    <ConsoleIntl namespaces={["detail", "list", "record", "webhooks"]}>
      <Prefetched queries={[deliveries, webhookEndpointsQuery()]}>
        <WebhookDeliveries>
          <WebhookEndpoints />
        </WebhookDeliveries>
      </Prefetched>
    </ConsoleIntl>
  );
}

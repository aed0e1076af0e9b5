import type { Metadata } from "next";
import { WebhookDeliveries } from "./_components/webhook-deliveries";
import { WebhookEndpoints } from "./_components/webhook-endpoints";

export const metadata: Metadata = { title: "Webhooks · Studio" };
export const dynamic = "force-dynamic";

export default function WebhooksPage() {
  return (
    <WebhookDeliveries>
      <WebhookEndpoints />
    </WebhookDeliveries>
  );
}

// Where a webhook delivery leads in the console: the record it is about, and its place on /webhooks.
import { INVOICES, PAYMENT_INTENTS, PAYOUTS, pagePath } from "@/lib/console/resources";
import type { WebhookDelivery } from "@/lib/console/types";

const RESOURCE_OF = { invoice: INVOICES, payout: PAYOUTS, payment_intent: PAYMENT_INTENTS } as const;

/** The page of the record the event is about. */
export function recordPathOf(delivery: Pick<WebhookDelivery, "object_type" | "object_id">): string | undefined {
  const resource = RESOURCE_OF[delivery.object_type];
  return resource ? pagePath(resource, delivery.object_id) : undefined;
}

/** /webhooks narrowed to the record's deliveries, with this one selected. */
export function deliveryPath(delivery: Pick<WebhookDelivery, "id" | "object_id">): string {
  return `/webhooks?${new URLSearchParams({ object_id: delivery.object_id, delivery: delivery.id })}`;
}

import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { countsOf } from "@/lib/studio/openapi/counts";
import { DELIVERY_STATUSES, deliveriesQuerySchema, webhookDeliveryRecordSchema } from "@/lib/studio/webhooks/deliveries";
import { webhookSecretRecordSchema } from "@/lib/studio/webhooks/secret";

const delivery = named("WebhookDelivery", webhookDeliveryRecordSchema);
const secret = named("WebhookSecret", webhookSecretRecordSchema);

const tag = "Webhooks";

export const webhookEndpoints = [
  endpoint({
    method: "get", path: "/webhook/deliveries", tag, summary: "Webhook events and their attempts, newest first", permission: "transfer:read",
    query: deliveriesQuerySchema, response: delivery, list: { counts: countsOf(DELIVERY_STATUSES, "Deliveries per status, under every filter but `status`"), cursor: true }, extension: true,
  }),
  endpoint({
    method: "post", path: "/webhook/deliveries/{id}/resend", tag, summary: "Send an event again, as a new attempt", permission: "transfer:sign",
    response: delivery, extension: true,
  }),
  endpoint({
    method: "get", path: "/webhook/secret", tag, summary: "The organization's webhook signing secret",
    description: "Only this endpoint returns it; no list or record does. Whoever holds it can forge the organization's webhooks, hence `transfer:sign`.",
    permission: "transfer:sign", response: secret, extension: true,
  }),
];

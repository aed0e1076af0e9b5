import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { countsOf } from "@/lib/studio/openapi/counts";
import { DELIVERY_STATUSES, deliveriesQuerySchema, webhookDeliveryRecordSchema } from "@/lib/studio/webhooks/deliveries";

const delivery = named("WebhookDelivery", webhookDeliveryRecordSchema);

const tag = "Webhooks";

export const webhookEndpoints = [
  endpoint({
    method: "get", path: "/webhook/deliveries", tag, summary: "Webhook events and their attempts, newest first", permission: "transfer:read",
    query: deliveriesQuerySchema, response: delivery, list: { counts: countsOf(DELIVERY_STATUSES, "Deliveries per status, under every filter but `status`") }, extension: true,
  }),
  endpoint({
    method: "post", path: "/webhook/deliveries/{id}/resend", tag, summary: "Send an event again, as a new attempt", permission: "transfer:sign",
    response: delivery, extension: true,
  }),
];

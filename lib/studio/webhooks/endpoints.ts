import "server-only";
import { z } from "zod";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { countsOf } from "@/lib/studio/openapi/counts";
import { DELIVERY_STATUSES, deliveriesQuerySchema, webhookDeliveryRecordSchema } from "@/lib/studio/webhooks/deliveries";
import { webhookSecretRecordSchema } from "@/lib/studio/webhooks/secret";
import { pagingQuerySchema } from "@/lib/studio/core/paging";
import { EVENT_TYPES } from "@/lib/studio/webhooks/event-types";
import {
  DEFAULT_ROTATION_OVERLAP_SECONDS,
  MAX_ENDPOINTS_PER_ORGANIZATION,
  deletedWebhookEndpointSchema,
  eventTypeRecordSchema,
  webhookEndpointCreateSchema,
  webhookEndpointRecordSchema,
  webhookEndpointRotateSchema,
  webhookEndpointWithSecretSchema,
} from "@/lib/studio/webhooks/organization-endpoints";

const delivery = named("WebhookDelivery", webhookDeliveryRecordSchema);
const secret = named("WebhookSecret", webhookSecretRecordSchema);

const webhookEndpoint = named("WebhookEndpoint", webhookEndpointRecordSchema);
const webhookEndpointWithSecret = named("WebhookEndpointWithSecret", webhookEndpointWithSecretSchema);
const deletedWebhookEndpoint = named("DeletedWebhookEndpoint", deletedWebhookEndpointSchema);
const eventTypes = `The event types the service emits: ${EVENT_TYPES.map((type) => `\`${type}\``).join(", ")}.`;
const webhookEndpointCreateRequest = named("WebhookEndpointCreateRequest", webhookEndpointCreateSchema.meta({ description: `Any other pattern is 400 naming it. ${eventTypes}` }));
const webhookEndpointRotateRequest = named("WebhookEndpointRotateRequest", webhookEndpointRotateSchema);
const eventType = named("WebhookEventType", eventTypeRecordSchema);
const endpointId = { description: "The endpoint's id", example: "wep_6a1f0c9e2b7d4a3c8e5f1b20" };
const audited = "Writes a row to the audit log in the same transaction.";

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
  endpoint({
    method: "get", path: "/webhook/event_types", tag, summary: "The event types the service emits",
    description: "What a webhook endpoint's `event_types` may name, besides `*` and `<object>.*`.",
    permission: null, response: z.array(eventType), extension: true,
  }),
  endpoint({
    method: "get", path: "/webhook/endpoints", tag, summary: "The organization's webhook endpoints, newest first (never their secrets)", permission: "org:manage",
    query: pagingQuerySchema, response: webhookEndpoint, list: {}, extension: true,
  }),
  endpoint({
    method: "post", path: "/webhook/endpoints", tag, summary: "Add a webhook endpoint: its signing secret is in this response only",
    description:
      "The endpoint receives every event the organization emits whose type one of `event_types` matches (besides any record's `callback_url`), " +
      "as a Standard Webhooks envelope `{id, type, created_at, data}` signed with the endpoint's own secret, with the same retries, log and resend as callbacks. " +
      `\`url\` is judged as every webhook target is (http or https, no credentials, no private or loopback address unless WEBHOOK_ALLOW_PRIVATE); 400 naming it otherwise. ${eventTypes} ` +
      `At most ${MAX_ENDPOINTS_PER_ORGANIZATION} endpoints per organization (422). The secret is kept in no idempotency row: a replay of the Idempotency-Key is 409/40903. ${audited}`,
    permission: "org:manage",
    body: { schema: webhookEndpointCreateRequest, example: { url: "https://merchant.example/webhooks/studio", description: "Order service", event_types: ["invoice.*", "payout.approved"] } },
    response: webhookEndpointWithSecret, refusals: { businessRule: true }, extension: true,
  }),
  endpoint({
    method: "post", path: "/webhook/endpoints/{id}/rotate_secret", tag, summary: "Rotate an endpoint's signing secret: the new one is in this response only",
    description:
      `Deliveries from now on carry a \`webhook-signature\` with a \`v1,\` signature by the new secret and, for \`expire_old_after_seconds\` (default ${DEFAULT_ROTATION_OVERLAP_SECONDS}, 0 = none), one by the replaced secret beside it, space-separated as Standard Webhooks allows: a receiver verifying with either secret accepts them. ` +
      `Rotating again during an overlap ends it: only the secret just replaced keeps signing. A replay of the Idempotency-Key is 409/40903. ${audited}`,
    permission: "org:manage", pathId: endpointId,
    body: { schema: webhookEndpointRotateRequest, optional: true, example: { expire_old_after_seconds: 3600 } },
    response: webhookEndpointWithSecret, extension: true,
  }),
  endpoint({
    method: "delete", path: "/webhook/endpoints/{id}", tag, summary: "Delete a webhook endpoint: it gets nothing new",
    description: `Its deliveries still pending become \`cancelled\` and are never sent (an attempt already under way finishes and is logged). Its past deliveries stay listed, with its \`endpoint_id\`. ${audited}`,
    permission: "org:manage", pathId: endpointId,
    response: deletedWebhookEndpoint, extension: true,
  }),
];

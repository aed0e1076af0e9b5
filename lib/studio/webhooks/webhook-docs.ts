import "server-only";
// What the service POSTs, for the OpenAPI document's `webhooks`: a record's callback_url gets the
// record itself, flat, plus `event_type` and `object` (product-decisions §9), once per status
// change; an organization's webhook endpoints get the Standard Webhooks envelope around it.
import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { named } from "@/lib/studio/openapi/endpoint";
import { invoiceRecordSchema } from "@/lib/studio/invoices/serialize";
import { payoutRecordSchema } from "@/lib/studio/payouts/serialize";
import { standalonePaymentRecordSchema } from "@/lib/studio/standalone-payments/serialize";
import { EVENT_TYPES } from "@/lib/studio/webhooks/event-types";
import { dateTimeText } from "@/lib/studio/core/records";

const callbackFields = (object: "payment_intent" | "invoice" | "payout", example: string) => ({
  event_type: z.string().meta({ description: "The event's name, as the organization-wide endpoints' `type`: `<object>.<status>`", example }),
  object: z.literal(object).meta({ description: "Which kind of record the body is" }),
});

const workflowStatus = "The record's **workflow** status, the one this callback announces (the payment's own status is `payment_intent.status`)";

export const paymentIntentCallbackSchema = named(
  "PaymentIntentCallback",
  standalonePaymentRecordSchema.extend(callbackFields("payment_intent", "payment_intent.success")),
);
export const invoiceCallbackSchema = named(
  "InvoiceCallback",
  invoiceRecordSchema.extend({ status: invoiceRecordSchema.shape.status.meta({ description: workflowStatus }), ...callbackFields("invoice", "invoice.paid") }),
);
export const payoutCallbackSchema = named(
  "PayoutCallback",
  payoutRecordSchema.extend({ status: payoutRecordSchema.shape.status.meta({ description: workflowStatus }), ...callbackFields("payout", "payout.completed") }),
);

export const webhookEventEnvelopeSchema = named(
  "WebhookEventEnvelope",
  z.object({
    id: z.string().meta({ description: "The event's id, also its `webhook-id`", example: "evt_3f9a1c2b7d4e5f60718293a4" }),
    type: z.enum(EVENT_TYPES as [string, ...string[]]),
    created_at: dateTimeText,
    data: z.union([standalonePaymentRecordSchema, invoiceRecordSchema, payoutRecordSchema]).meta({ description: "The record as its GET returns it" }),
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "News only (`<object>.unmatched_deposit`, `<object>.payment_reversed`): what happened, as its audit row records it (reason, tx_hash, log_index, block_number, amount, …)" }),
  }),
);

const signedHeaders = z.object({
  "webhook-id": z.string().meta({ description: "The event's id (`evt_…`): the same on every retry and resend, so a receiver can drop repeats" }),
  "webhook-timestamp": z.string().meta({ description: "Unix seconds of this attempt" }),
  "webhook-signature": z.string().meta({ description: "`v1,<base64 HMAC-SHA256 of id.timestamp.body>` (Standard Webhooks)" }),
});

const acknowledged = { 200: { description: "Any 2xx acknowledges it; anything else (or no answer within WEBHOOK_TIMEOUT_MS) is retried" } };

function callback(path: string, summary: string, description: string, schema: z.ZodType): RouteConfig {
  return {
    method: "post",
    path,
    summary,
    description,
    request: { headers: signedHeaders, body: { required: true, content: { "application/json": { schema } } } },
    responses: acknowledged,
  };
}

const onceEach =
  "Sent to the record's `callback_url` once per status change of the record, signed with the organization's secret; never for news that is not a status change (those go to the organization's endpoints).";

/** The OpenAPI `webhooks` entries. */
export const WEBHOOKS: readonly RouteConfig[] = [
  callback("paymentIntentCallback", "A payment intent's status changed", `${onceEach} The body is the payment intent as GET /payment/intent/{id} returns it, plus \`event_type\` and \`object\`.`, paymentIntentCallbackSchema),
  callback(
    "invoiceCallback",
    "An invoice's status changed",
    `${onceEach} The body is the invoice as GET /invoice/intent/{id} returns it, plus \`event_type\` and \`object\`: its top-level \`status\` is the invoice's workflow status (\`paid\`, \`signed\`, …), the payment's at \`payment_intent.status\`.`,
    invoiceCallbackSchema,
  ),
  callback(
    "payoutCallback",
    "A payout's status changed",
    `${onceEach} The body is the payout as GET /payout/intent/{id} returns it, plus \`event_type\` and \`object\`: its top-level \`status\` is the payout's workflow status (\`completed\`, …), the payment's at \`payment_intent.status\`.`,
    payoutCallbackSchema,
  ),
  callback(
    "organizationEvent",
    "An event for an organization-wide webhook endpoint",
    "Sent to each of the organization's webhook endpoints whose `event_types` match, signed with the endpoint's own secret: every status change, and news that is not one (`<object>.unmatched_deposit`, `<object>.payment_reversed`, with `details`).",
    webhookEventEnvelopeSchema,
  ),
];

import "server-only";
import { z } from "zod";
import { actionEndpoint, endpoint, named } from "@/lib/studio/openapi/endpoint";
import { PAYMENT_INTENT_ACTIONS } from "@/lib/workflow/actions";
import { statusCategoryCounts } from "@/lib/studio/openapi/counts";
import { paymentIntentRecordSchema } from "@/lib/studio/payment-intents/serialize";
import { paymentIntentCreateSchema, paymentIntentListQuerySchema } from "@/lib/studio/standalone-payments/schemas";
import { standalonePaymentRecordSchema } from "@/lib/studio/standalone-payments/serialize";
import { statusLogRecordSchema } from "@/lib/studio/workflow/serialize";

named("PaymentIntent", paymentIntentRecordSchema);
const paymentIntent = named("StandalonePaymentIntent", standalonePaymentRecordSchema);
named("PaymentIntentCreateRequest", paymentIntentCreateSchema);
const paymentIntentLog = named("PaymentIntentLog", statusLogRecordSchema("payment_intent_id"));

const tag = "Payment intents";

export const paymentIntentEndpoints = [
  endpoint({
    method: "post", path: "/payment/intent", tag, summary: "Create a payment intent for a payer",
    description: "Fiat pricing sends `fiat_amount` (and `fiat_currency`); crypto pricing sends `crypto_amount`. `chain` defaults to `arb`, `pay_token` to `USDC`, the deadline to one hour.",
    permission: "transfer:create", clientId: true,
    body: { schema: paymentIntentCreateSchema, example: { fiat_amount: "4078.75", fiat_currency: "TWD", callback_url: "https://merchant.example/webhooks/studio", order_data: { order_id: "A-1001" } } },
    response: paymentIntent, refusals: { businessRule: true },
  }),
  endpoint({ method: "get", path: "/payment/intent/{id}", tag, summary: "Get a payment intent", permission: "transfer:read", response: paymentIntent }),
  endpoint({
    method: "get", path: "/payment/intents", tag, summary: "List payment intents", permission: "transfer:read",
    query: paymentIntentListQuerySchema, response: paymentIntent, list: { counts: statusCategoryCounts, cursor: true },
  }),
  actionEndpoint(PAYMENT_INTENT_ACTIONS.refund, {
    method: "post", path: "/payment/intent/{id}/refund", tag,
    example: { refund_address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", refund_reason: "Order cancelled", refund_attachments: [] },
    response: paymentIntent, extension: true, refusals: { businessRule: true },
  }),
  endpoint({
    method: "get", path: "/payment/intent/{id}/logs", tag, summary: "A payment intent's status history, oldest first", permission: "transfer:read",
    response: z.array(paymentIntentLog), extension: true,
  }),
];

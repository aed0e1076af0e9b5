// POST /v1/studio/api/payment/intent - create a payment intent when a payer wants to pay
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { paymentIntentCreateSchema } from "@/lib/studio/standalone-payments/schemas";
import { createPaymentIntent } from "@/lib/studio/standalone-payments/create-payment-intent";

export const POST = studioRoute(
  { permission: "transfer:create", body: paymentIntentCreateSchema, requireClientId: true },
  async ({ principal, clientId, body }) => ({ data: await createPaymentIntent({ principal, clientId, request: body }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

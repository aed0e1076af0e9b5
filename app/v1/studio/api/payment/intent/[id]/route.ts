// GET /v1/studio/api/payment/intent/{id} - one standalone payment intent
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getPaymentIntent } from "@/lib/studio/standalone-payments/get-payment-intent";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await getPaymentIntent({ principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

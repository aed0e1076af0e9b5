// GET /v1/studio/api/payment/intents - filtered, paged list of standalone payment intents
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { paymentIntentListQuerySchema } from "@/lib/studio/standalone-payments/schemas";
import { listPaymentIntents } from "@/lib/studio/standalone-payments/list-payment-intents";

export const GET = studioRoute({ permission: "transfer:read", query: paymentIntentListQuerySchema }, ({ principal, query }) =>
  listPaymentIntents({ principal, query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

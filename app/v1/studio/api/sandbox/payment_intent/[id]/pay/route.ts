// POST /v1/studio/api/sandbox/payment_intent/{id}/pay - the same, addressed by payment intent id
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { sandboxTransferSchema } from "@/lib/studio/sandbox/schemas";
import { sandboxPayIntent } from "@/lib/studio/sandbox/pay";

export const POST = studioRoute({ permission: "transfer:sign", body: sandboxTransferSchema }, async ({ principal, params, body }) => ({
  data: await sandboxPayIntent({ principal, paymentIntentId: params.id ?? "", request: body }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// POST /v1/studio/api/payment/intent/{id}/refund - return a payment's funds (extension)
import { standaloneOwner } from "@/lib/studio/standalone-payments/owner";
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { refundIntent } from "@/lib/studio/workflow/verbs";
import { PAYMENT_INTENT_ACTIONS } from "@/lib/workflow/actions";

export const POST = actionRoute(standaloneOwner, PAYMENT_INTENT_ACTIONS.refund, ({ principal, params, body }) =>
  refundIntent(standaloneOwner, { principal, id: params.id ?? "", request: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

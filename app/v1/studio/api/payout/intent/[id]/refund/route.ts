// POST /v1/studio/api/payout/intent/{id}/refund - return an underfunded or reviewed deposit
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { refundIntent } from "@/lib/studio/workflow/verbs";
import { PAYOUT_ACTIONS } from "@/lib/workflow/actions";

export const POST = actionRoute(payoutOwner, PAYOUT_ACTIONS.refund, ({ principal, params, body }) =>
  refundIntent(payoutOwner, { principal, id: params.id ?? "", request: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// POST /v1/studio/api/payout/intent/{id}/reject - reject with a reason
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { rejectIntent } from "@/lib/studio/workflow/verbs";
import { PAYOUT_ACTIONS } from "@/lib/workflow/actions";

export const POST = actionRoute(payoutOwner, PAYOUT_ACTIONS.reject, ({ principal, params, body }) =>
  rejectIntent(payoutOwner, { principal, id: params.id ?? "", request: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

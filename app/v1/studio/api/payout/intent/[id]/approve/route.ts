// POST /v1/studio/api/payout/intent/{id}/approve - approve; opens the funding address (maker-checker)
import { approvePayout } from "@/lib/studio/payouts/approve-payout";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { PAYOUT_ACTIONS } from "@/lib/workflow/actions";

export const POST = actionRoute(payoutOwner, PAYOUT_ACTIONS.approve, ({ principal, params }) =>
  approvePayout({ principal, id: params.id ?? "" }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

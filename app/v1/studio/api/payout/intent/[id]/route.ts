// GET /v1/studio/api/payout/intent/{id} - one payout intent
// PUT /v1/studio/api/payout/intent/{id} - edit, or resubmit a rejected one
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getPayout } from "@/lib/studio/payouts/get-payout";
import { updatePayout } from "@/lib/studio/payouts/update-payout";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { PAYOUT_ACTIONS } from "@/lib/workflow/actions";
import { payoutOwner } from "@/lib/studio/payouts/owner";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await getPayout({ principal, id: params.id ?? "" }),
}));

export const PUT = actionRoute(payoutOwner, PAYOUT_ACTIONS.edit, ({ principal, params, body }) =>
  updatePayout({ principal, id: params.id ?? "", request: body }),
);

export const { POST, PATCH, DELETE } = otherMethodsRefused("GET", "PUT");

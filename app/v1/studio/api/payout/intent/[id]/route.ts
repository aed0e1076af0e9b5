// GET /v1/studio/api/payout/intent/{id} - one payout intent
// PUT /v1/studio/api/payout/intent/{id} - edit, or resubmit a rejected one
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { payoutUpdateSchema } from "@/lib/studio/payouts/schemas";
import { getPayout } from "@/lib/studio/payouts/get-payout";
import { updatePayout } from "@/lib/studio/payouts/update-payout";
import { actionAllowed } from "@/lib/studio/workflow/transition";
import { payoutOwner } from "@/lib/studio/payouts/owner";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await getPayout({ principal, id: params.id ?? "" }),
}));

export const PUT = studioRoute(
  { permission: "transfer:create", body: payoutUpdateSchema, statusRule: actionAllowed(payoutOwner, "update") },
  async ({ principal, params, body }) => ({ data: await updatePayout({ principal, id: params.id ?? "", request: body }) }),
);

export const { POST, PATCH, DELETE } = otherMethodsRefused("GET", "PUT");

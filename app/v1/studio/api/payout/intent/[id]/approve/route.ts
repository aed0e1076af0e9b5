// POST /v1/studio/api/payout/intent/{id}/approve - approve; opens the funding address (maker-checker)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { approvePayout } from "@/lib/studio/payouts/approve-payout";

export const POST = studioRoute({ permission: "transfer:approve" }, async ({ principal, params }) => ({
  data: await approvePayout({ principal, id: params.id ?? "" }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// POST /v1/studio/api/payout/intent/{id}/refund - return an underfunded or reviewed deposit
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { refundSchema } from "@/lib/studio/workflow/schemas";
import { refundIntent } from "@/lib/studio/workflow/verbs";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { actionAllowed } from "@/lib/studio/workflow/transition";

export const POST = studioRoute(
  { permission: "transfer:sign", body: refundSchema, statusRule: actionAllowed(payoutOwner, "refund") },
  async ({ principal, params, body }) => ({
    data: await refundIntent(payoutOwner, { principal, id: params.id ?? "", request: body }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// POST /v1/studio/api/payout/intent/{id}/reject - reject with a reason
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { rejectSchema } from "@/lib/studio/workflow/schemas";
import { rejectIntent } from "@/lib/studio/workflow/verbs";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { actionAllowed } from "@/lib/studio/workflow/transition";

export const POST = studioRoute(
  { permission: "transfer:approve", body: rejectSchema, statusRule: actionAllowed(payoutOwner, "reject") },
  async ({ principal, params, body }) => ({
    data: await rejectIntent(payoutOwner, { principal, id: params.id ?? "", request: body }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

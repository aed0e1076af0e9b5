// GET /v1/studio/api/payout/intent/{id}/approvals - the approval policy step and approvals so far (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getApprovalState } from "@/lib/studio/approvals/read-approvals";
import { payoutOwner } from "@/lib/studio/payouts/owner";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await getApprovalState(payoutOwner, { principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

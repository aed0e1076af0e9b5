// GET /v1/studio/api/asset_pro/transfer/{id}/approvals - a withdrawal request's policy step and approvals so far (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getWithdrawalApprovalState } from "@/lib/studio/withdrawals/review-withdrawal";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await getWithdrawalApprovalState({ principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

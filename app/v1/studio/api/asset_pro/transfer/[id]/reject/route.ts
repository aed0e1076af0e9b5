// POST /v1/studio/api/asset_pro/transfer/{id}/reject - reject a withdrawal request with a reason (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { rejectWithdrawal, withdrawalActionAllowed } from "@/lib/studio/withdrawals/review-withdrawal";
import { WITHDRAWAL_ACTIONS } from "@/lib/workflow/actions";

export const POST = studioRoute(
  { permission: WITHDRAWAL_ACTIONS.reject.permission, body: WITHDRAWAL_ACTIONS.reject.body, statusRule: withdrawalActionAllowed("reject") },
  async ({ principal, params, body }) => ({ data: await rejectWithdrawal({ principal, id: params.id ?? "", request: body }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// POST /v1/studio/api/asset_pro/transfer/{id}/approve - approve a withdrawal request; the last approval sends it (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { approveWithdrawal, withdrawalActionAllowed } from "@/lib/studio/withdrawals/review-withdrawal";
import { WITHDRAWAL_ACTIONS } from "@/lib/workflow/actions";

export const POST = studioRoute(
  { permission: WITHDRAWAL_ACTIONS.approve.permission, statusRule: withdrawalActionAllowed("approve") },
  async ({ principal, params }) => ({ data: await approveWithdrawal({ principal, id: params.id ?? "" }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// GET /v1/studio/api/asset_pro/transfer/{id} - one withdrawal (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getWithdrawal } from "@/lib/studio/withdrawals/get-withdrawal";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await getWithdrawal({ principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

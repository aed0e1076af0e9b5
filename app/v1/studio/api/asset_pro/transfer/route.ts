// POST /v1/studio/api/asset_pro/transfer - withdraw tokens from the balance to an external wallet
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { withdrawalSchema } from "@/lib/studio/withdrawals/schemas";
import { createWithdrawal } from "@/lib/studio/withdrawals/create-withdrawal";

export const POST = studioRoute({ permission: "transfer:sign", body: withdrawalSchema }, async ({ principal, body }) => ({
  data: await createWithdrawal({ principal, request: body }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

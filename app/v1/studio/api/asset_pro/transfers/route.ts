// GET /v1/studio/api/asset_pro/transfers - the organization's withdrawals, newest first (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { pagingQuerySchema } from "@/lib/studio/core/paging";
import { listWithdrawals } from "@/lib/studio/withdrawals/get-withdrawal";

export const GET = studioRoute({ permission: "transfer:read", query: pagingQuerySchema }, ({ principal, query }) =>
  listWithdrawals({ principal, query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

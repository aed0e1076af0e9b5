// GET /v1/studio/api/chains/unmatched-deposits - transfers to deposit addresses that paid nothing, to return (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { listUnmatchedDeposits } from "@/lib/studio/chain/evm/unmatched-deposits";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal }) => ({ data: await listUnmatchedDeposits({ principal }) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

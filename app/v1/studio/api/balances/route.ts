// GET /v1/studio/api/balances - the organization's balance per chain and token (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { listBalances } from "@/lib/studio/balances/list-balances";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal }) => ({ data: await listBalances({ principal }) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

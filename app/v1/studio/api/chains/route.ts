// GET /v1/studio/api/chains - each chain's node, scanner, treasury and gas tank, for reconciliation (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { listChains } from "@/lib/studio/chain/list-chains";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal }) => ({ data: await listChains({ principal }) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

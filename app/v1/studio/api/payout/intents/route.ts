// GET /v1/studio/api/payout/intents - filtered, paged list with per-category counts
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { payoutListQuerySchema } from "@/lib/studio/payouts/schemas";
import { listPayouts } from "@/lib/studio/payouts/list-payouts";

export const GET = studioRoute({ permission: "transfer:read", query: payoutListQuerySchema }, ({ principal, query }) =>
  listPayouts({ principal, query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

// GET /v1/studio/api/balances/ledger - the movements behind the balances, newest first (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { ledgerQuerySchema } from "@/lib/studio/balances/schemas";
import { listLedger } from "@/lib/studio/balances/list-balances";

export const GET = studioRoute({ permission: "transfer:read", query: ledgerQuerySchema }, ({ principal, query }) =>
  listLedger({ principal, query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

// GET /v1/studio/api/balances/ledger/export - the ledger's rows as CSV (extension)
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { exportRoute } from "@/lib/studio/export/exports";

export const GET = exportRoute("ledger");

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

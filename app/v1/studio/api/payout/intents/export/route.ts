// GET /v1/studio/api/payout/intents/export - the payout list's rows as CSV (extension)
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { exportRoute } from "@/lib/studio/export/exports";

export const GET = exportRoute("payouts");

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

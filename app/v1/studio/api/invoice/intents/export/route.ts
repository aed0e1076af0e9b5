// GET /v1/studio/api/invoice/intents/export - the invoice list's rows as CSV (extension)
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { exportRoute } from "@/lib/studio/export/exports";

export const GET = exportRoute("invoices");

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

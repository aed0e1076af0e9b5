// GET /v1/studio/api/payment/intents/export - the payment intent list's rows as CSV (extension)
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { exportRoute } from "@/lib/studio/export/exports";

export const GET = exportRoute("paymentIntents");

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

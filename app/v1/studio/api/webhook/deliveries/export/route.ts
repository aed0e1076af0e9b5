// GET /v1/studio/api/webhook/deliveries/export - webhook deliveries as CSV (extension)
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { exportRoute } from "@/lib/studio/export/exports";

export const GET = exportRoute("webhookDeliveries");

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

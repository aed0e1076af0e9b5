// GET /v1/studio/api/webhook/deliveries - webhook events and their attempts, newest first (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { deliveriesQuerySchema, listDeliveries } from "@/lib/studio/webhooks/deliveries";

export const GET = studioRoute({ permission: "transfer:read", query: deliveriesQuerySchema }, ({ principal, query }) =>
  listDeliveries({ principal, query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

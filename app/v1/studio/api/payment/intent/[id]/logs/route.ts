// GET /v1/studio/api/payment/intent/{id}/logs - status history, oldest first (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { listStatusLogs } from "@/lib/studio/workflow/logs";
import { standaloneOwner } from "@/lib/studio/standalone-payments/owner";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await listStatusLogs(standaloneOwner, { principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

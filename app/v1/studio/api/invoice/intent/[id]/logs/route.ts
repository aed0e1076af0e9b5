// GET /v1/studio/api/invoice/intent/{id}/logs - status history, oldest first
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { listStatusLogs } from "@/lib/studio/workflow/logs";
import { invoiceOwner } from "@/lib/studio/invoices/owner";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await listStatusLogs(invoiceOwner, { principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

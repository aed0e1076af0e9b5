// GET /v1/studio/api/invoice/intent/{id}/logs - status history, oldest first
import { studioRoute } from "@/lib/studio/http/route";
import { listInvoiceLogs } from "@/lib/studio/invoices/get-invoice";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await listInvoiceLogs({ principal, id: params.id ?? "" }),
}));

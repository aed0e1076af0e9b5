// POST /v1/studio/api/invoice/intent/{id}/reject - reject with a reason
import { studioRoute } from "@/lib/studio/http/route";
import { rejectSchema } from "@/lib/studio/invoices/schemas";
import { rejectInvoice } from "@/lib/studio/invoices/reject-invoice";

export const POST = studioRoute({ permission: "transfer:approve", body: rejectSchema }, async ({ principal, params, body }) => ({
  data: await rejectInvoice({ principal, id: params.id ?? "", request: body }),
}));

// POST /v1/studio/api/invoice/intent/{id}/refund - return everything received to the payer
import { studioRoute } from "@/lib/studio/http/route";
import { refundSchema } from "@/lib/studio/invoices/schemas";
import { refundInvoice } from "@/lib/studio/invoices/refund-invoice";

export const POST = studioRoute({ permission: "transfer:sign", body: refundSchema }, async ({ principal, params, body }) => ({
  data: await refundInvoice({ principal, id: params.id ?? "", request: body }),
}));

// GET /v1/studio/api/invoice/intent/{id} - one invoice intent
// PUT /v1/studio/api/invoice/intent/{id} - edit, or resubmit a rejected one
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { invoiceUpdateSchema } from "@/lib/studio/invoices/schemas";
import { getInvoice } from "@/lib/studio/invoices/get-invoice";
import { updateInvoice } from "@/lib/studio/invoices/update-invoice";
import { actionAllowed } from "@/lib/studio/workflow/transition";
import { invoiceOwner } from "@/lib/studio/invoices/owner";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await getInvoice({ principal, id: params.id ?? "" }),
}));

export const PUT = studioRoute(
  { permission: "transfer:create", body: invoiceUpdateSchema, statusRule: actionAllowed(invoiceOwner, "update") },
  async ({ principal, params, body }) => ({ data: await updateInvoice({ principal, id: params.id ?? "", request: body }) }),
);

export const { POST, PATCH, DELETE } = otherMethodsRefused("GET", "PUT");

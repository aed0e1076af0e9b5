// GET /v1/studio/api/invoice/intent/{id} - one invoice intent
// PUT /v1/studio/api/invoice/intent/{id} - edit, or resubmit a rejected one
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getInvoice } from "@/lib/studio/invoices/get-invoice";
import { updateInvoice } from "@/lib/studio/invoices/update-invoice";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { INVOICE_ACTIONS } from "@/lib/workflow/actions";
import { invoiceOwner } from "@/lib/studio/invoices/owner";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await getInvoice({ principal, id: params.id ?? "" }),
}));

export const PUT = actionRoute(invoiceOwner, INVOICE_ACTIONS.edit, ({ principal, params, body }) =>
  updateInvoice({ principal, id: params.id ?? "", request: body }),
);

export const { POST, PATCH, DELETE } = otherMethodsRefused("GET", "PUT");

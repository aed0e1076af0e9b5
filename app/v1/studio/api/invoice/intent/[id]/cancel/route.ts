// POST /v1/studio/api/invoice/intent/{id}/cancel - cancel before any funds arrive (body optional)
import { cancelInvoice } from "@/lib/studio/invoices/cancel-invoice";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { INVOICE_ACTIONS } from "@/lib/workflow/actions";

export const POST = actionRoute(invoiceOwner, INVOICE_ACTIONS.cancel, ({ principal, params, body }) =>
  cancelInvoice({ principal, id: params.id ?? "", request: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

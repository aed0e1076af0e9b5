// POST /v1/studio/api/invoice/intent/{id}/approve - approve; opens the payment address (maker-checker)
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { approveInvoice } from "@/lib/studio/invoices/approve-invoice";
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { INVOICE_ACTIONS } from "@/lib/workflow/actions";

export const POST = actionRoute(invoiceOwner, INVOICE_ACTIONS.approve, ({ principal, params }) =>
  approveInvoice({ principal, id: params.id ?? "" }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

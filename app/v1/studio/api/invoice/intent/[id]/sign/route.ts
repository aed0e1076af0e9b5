// POST /v1/studio/api/invoice/intent/{id}/sign - settle; refunds an overpayment's excess (body optional)
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { signInvoice } from "@/lib/studio/invoices/sign-invoice";
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { INVOICE_ACTIONS } from "@/lib/workflow/actions";

export const POST = actionRoute(invoiceOwner, INVOICE_ACTIONS.sign, ({ principal, params, body }) =>
  signInvoice({ principal, id: params.id ?? "", request: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

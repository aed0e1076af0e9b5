// POST /v1/studio/api/invoice/intent/{id}/refund - return everything received to the payer
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { refundIntent } from "@/lib/studio/workflow/verbs";
import { INVOICE_ACTIONS } from "@/lib/workflow/actions";

export const POST = actionRoute(invoiceOwner, INVOICE_ACTIONS.refund, ({ principal, params, body }) =>
  refundIntent(invoiceOwner, { principal, id: params.id ?? "", request: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

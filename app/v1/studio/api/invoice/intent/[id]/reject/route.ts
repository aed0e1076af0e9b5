// POST /v1/studio/api/invoice/intent/{id}/reject - reject with a reason
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { actionRoute } from "@/lib/studio/workflow/action-route";
import { rejectIntent } from "@/lib/studio/workflow/verbs";
import { INVOICE_ACTIONS } from "@/lib/workflow/actions";

export const POST = actionRoute(invoiceOwner, INVOICE_ACTIONS.reject, ({ principal, params, body }) =>
  rejectIntent(invoiceOwner, { principal, id: params.id ?? "", request: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// POST /v1/studio/api/invoice/intent/{id}/cancel - cancel before any funds arrive (body optional)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { cancelSchema } from "@/lib/studio/invoices/schemas";
import { cancelInvoice } from "@/lib/studio/invoices/cancel-invoice";
import { actionAllowed } from "@/lib/studio/workflow/transition";
import { invoiceOwner } from "@/lib/studio/invoices/owner";

export const POST = studioRoute(
  { permission: "transfer:create", body: cancelSchema, bodyOptional: true, statusRule: actionAllowed(invoiceOwner, "cancel") },
  async ({ principal, params, body }) => ({ data: await cancelInvoice({ principal, id: params.id ?? "", request: body }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// POST /v1/studio/api/invoice/intent/{id}/sign - settle; refunds an overpayment's excess (body optional)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { signSchema } from "@/lib/studio/invoices/schemas";
import { signInvoice } from "@/lib/studio/invoices/sign-invoice";
import { actionAllowed } from "@/lib/studio/workflow/transition";
import { invoiceOwner } from "@/lib/studio/invoices/owner";

export const POST = studioRoute(
  { permission: "transfer:sign", body: signSchema, bodyOptional: true, statusRule: actionAllowed(invoiceOwner, "sign") },
  async ({ principal, params, body }) => ({ data: await signInvoice({ principal, id: params.id ?? "", request: body }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// POST /v1/studio/api/invoice/intent/{id}/refund - return everything received to the payer
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { refundSchema } from "@/lib/studio/workflow/schemas";
import { refundIntent } from "@/lib/studio/workflow/verbs";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { actionAllowed } from "@/lib/studio/workflow/transition";

export const POST = studioRoute(
  { permission: "transfer:sign", body: refundSchema, statusRule: actionAllowed(invoiceOwner, "refund") },
  async ({ principal, params, body }) => ({
    data: await refundIntent(invoiceOwner, { principal, id: params.id ?? "", request: body }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

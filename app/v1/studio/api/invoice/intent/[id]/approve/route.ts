// POST /v1/studio/api/invoice/intent/{id}/approve - approve; opens the payment address (maker-checker)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { approveInvoice } from "@/lib/studio/invoices/approve-invoice";

export const POST = studioRoute({ permission: "transfer:approve" }, async ({ principal, params }) => ({
  data: await approveInvoice({ principal, id: params.id ?? "" }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

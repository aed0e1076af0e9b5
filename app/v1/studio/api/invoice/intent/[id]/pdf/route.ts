// GET /v1/studio/api/invoice/intent/{id}/pdf - the invoice as a PDF (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getInvoicePdf } from "@/lib/studio/invoices/get-invoice";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  file: await getInvoicePdf({ principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

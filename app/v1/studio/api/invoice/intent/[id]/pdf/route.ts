// GET /v1/studio/api/invoice/intent/{id}/pdf - the invoice as a PDF (extension)
import { attachment } from "@/lib/studio/http/attachment";
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getInvoicePdf } from "@/lib/studio/invoices/get-invoice";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => {
  const pdf = await getInvoicePdf({ principal, id: params.id ?? "" });
  return attachment(pdf.bytes, "application/pdf", pdf.filename);
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

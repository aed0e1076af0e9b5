// GET /v1/studio/api/invoice/intent/{id}/emails - the invoice's e-mails and their attempts (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { listInvoiceEmails } from "@/lib/studio/emails/invoice-emails";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await listInvoiceEmails({ principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

// POST /v1/studio/api/invoice/intent - create an invoice intent
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { invoiceCreateSchema } from "@/lib/studio/invoices/schemas";
import { createInvoice } from "@/lib/studio/invoices/create-invoice";

export const POST = studioRoute(
  { permission: "transfer:create", body: invoiceCreateSchema, requireClientId: true },
  async ({ principal, clientId, body }) => ({ data: await createInvoice({ principal, clientId, request: body }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// GET /v1/studio/api/invoice/intents - filtered, paged list with per-category counts
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { invoiceListQuerySchema } from "@/lib/studio/invoices/schemas";
import { listInvoices } from "@/lib/studio/invoices/list-invoices";

export const GET = studioRoute({ permission: "transfer:read", query: invoiceListQuerySchema }, ({ principal, query }) =>
  listInvoices({ principal, query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

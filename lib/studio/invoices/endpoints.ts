import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { statusCategoryCounts } from "@/lib/studio/openapi/counts";
import { cancelSchema, invoiceCreateSchema, invoiceListQuerySchema, invoiceUpdateSchema, signSchema } from "@/lib/studio/invoices/schemas";
import { invoiceRecordSchema } from "@/lib/studio/invoices/serialize";
import { refundSchema, rejectSchema } from "@/lib/studio/workflow/schemas";
import { statusLogRecordSchema } from "@/lib/studio/workflow/serialize";
import { z } from "zod";

const invoice = named("InvoiceIntent", invoiceRecordSchema);
named("InvoiceCreateRequest", invoiceCreateSchema);
named("InvoiceUpdateRequest", invoiceUpdateSchema);
named("CancelRequest", cancelSchema);
named("SignInvoiceRequest", signSchema);
named("RejectRequest", rejectSchema);
named("RefundReviewRequest", refundSchema);
const invoiceLog = named("InvoiceLog", statusLogRecordSchema("invoice_id"));

const tag = "Invoices";

export const invoiceEndpoints = [
  endpoint({
    method: "post", path: "/invoice/intent", tag, summary: "Create an invoice intent", permission: "transfer:create", clientId: true,
    body: {
      schema: invoiceCreateSchema,
      example: {
        pricing_mode: "crypto", amount: "125.5", pay_token: "USDC", chain: "arb", origin: "https://merchant.example",
        recipient_name: "Ada Lovelace", recipient_email: "ada@client.example", organization_name: "Analytical Engines Ltd",
        organization_email: "billing@client.example", creator: "billing-service", payment_terms: 30,
        detail_items: [{ name: "Consulting, March", quantity: 2, unit_price: 60, tax: 5.5 }],
      },
    },
    response: invoice, refusals: { businessRule: true },
  }),
  endpoint({ method: "get", path: "/invoice/intent/{id}", tag, summary: "Get an invoice intent", permission: "transfer:read", response: invoice }),
  endpoint({
    method: "put", path: "/invoice/intent/{id}", tag, summary: "Update an invoice intent, or resubmit a rejected one",
    description: "Changes only the fields it names; `null` clears a field the create request may leave out.",
    permission: "transfer:create", body: { schema: invoiceUpdateSchema, example: { recipient_name: "Ada King", payment_terms: 14 } },
    response: invoice, refusals: { conflict: true, businessRule: true },
  }),
  endpoint({
    method: "post", path: "/invoice/intent/{id}/cancel", tag, summary: "Cancel an invoice before any funds arrive", permission: "transfer:create",
    body: { schema: cancelSchema, optional: true, example: { reason: "Issued twice" } }, response: invoice,
  }),
  endpoint({
    method: "post", path: "/invoice/intent/{id}/approve", tag, summary: "Approve an invoice: opens its payment address",
    description: "Maker-checker: the user who created or last edited it cannot approve it (403/40302).",
    permission: "transfer:approve", response: invoice, refusals: { businessRule: true },
  }),
  endpoint({
    method: "post", path: "/invoice/intent/{id}/reject", tag, summary: "Reject an invoice with a reason", permission: "transfer:approve",
    body: { schema: rejectSchema, example: { reason: "Wrong recipient" } }, response: invoice,
  }),
  endpoint({
    method: "post", path: "/invoice/intent/{id}/sign", tag, summary: "Sign a paid invoice: settles the funds",
    description: "An overpayment's excess is refunded to `refund_address`, which is then required.",
    permission: "transfer:sign", body: { schema: signSchema, optional: true, example: { refund_address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", refund_reason: "Overpaid" } },
    response: invoice, refusals: { businessRule: true },
  }),
  endpoint({
    method: "post", path: "/invoice/intent/{id}/refund", tag, summary: "Refund everything an invoice received", permission: "transfer:sign",
    body: { schema: refundSchema, example: { refund_address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", refund_reason: "Underpaid", refund_attachments: ["file_1"] } },
    response: invoice, refusals: { businessRule: true },
  }),
  endpoint({
    method: "get", path: "/invoice/intents", tag, summary: "List invoice intents", permission: "transfer:read",
    query: invoiceListQuerySchema, response: invoice, list: { counts: statusCategoryCounts, cursor: true },
  }),
  endpoint({
    method: "get", path: "/invoice/intent/{id}/logs", tag, summary: "An invoice's status history, oldest first", permission: "transfer:read",
    response: z.array(invoiceLog),
  }),
];

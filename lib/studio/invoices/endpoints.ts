import "server-only";
import { actionEndpoint, endpoint, named } from "@/lib/studio/openapi/endpoint";
import { INVOICE_ACTIONS } from "@/lib/workflow/actions";
import { statusCategoryCounts } from "@/lib/studio/openapi/counts";
import { cancelSchema, invoiceCreateSchema, invoiceListQuerySchema, invoiceUpdateSchema, signSchema } from "@/lib/studio/invoices/schemas";
import { invoiceRecordSchema } from "@/lib/studio/invoices/serialize";
import { refundSchema, rejectSchema } from "@/lib/studio/workflow/schemas";
import { statusLogRecordSchema } from "@/lib/studio/workflow/serialize";
import { z } from "zod";
import { invoiceEmailRecordSchema, invoiceEmailsSchema } from "@/lib/studio/emails/invoice-emails";

const invoice = named("InvoiceIntent", invoiceRecordSchema);
named("InvoiceCreateRequest", invoiceCreateSchema);
named("InvoiceUpdateRequest", invoiceUpdateSchema);
named("CancelRequest", cancelSchema);
named("SignInvoiceRequest", signSchema);
named("RejectRequest", rejectSchema);
named("RefundReviewRequest", refundSchema);
const invoiceLog = named("InvoiceLog", statusLogRecordSchema("invoice_id"));
const invoiceEmail = named("InvoiceEmail", invoiceEmailRecordSchema);
const invoiceEmails = named("InvoiceEmails", invoiceEmailsSchema);

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
  actionEndpoint(INVOICE_ACTIONS.edit, {
    method: "put", path: "/invoice/intent/{id}", tag, example: { recipient_name: "Ada King", payment_terms: 14 },
    response: invoice, refusals: { conflict: true, businessRule: true },
  }),
  actionEndpoint(INVOICE_ACTIONS.cancel, { method: "post", path: "/invoice/intent/{id}/cancel", tag, example: { reason: "Issued twice" }, response: invoice }),
  actionEndpoint(INVOICE_ACTIONS.approve, { method: "post", path: "/invoice/intent/{id}/approve", tag, response: invoice, refusals: { businessRule: true } }),
  actionEndpoint(INVOICE_ACTIONS.reject, { method: "post", path: "/invoice/intent/{id}/reject", tag, example: { reason: "Wrong recipient" }, response: invoice }),
  actionEndpoint(INVOICE_ACTIONS.sign, {
    method: "post", path: "/invoice/intent/{id}/sign", tag,
    example: { refund_address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", refund_reason: "Overpaid" }, response: invoice, refusals: { businessRule: true },
  }),
  actionEndpoint(INVOICE_ACTIONS.refund, {
    method: "post", path: "/invoice/intent/{id}/refund", tag,
    example: { refund_address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", refund_reason: "Underpaid", refund_attachments: ["file_1"] },
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
  endpoint({
    method: "get", path: "/invoice/intent/{id}/pdf", tag, summary: "The invoice as a PDF",
    description: "Number, dates, recipient, line items, totals, payment details and, once approved, the hosted payment page's link (`kg_deep_link`). Served as an attachment named `<invoice_id>.pdf`.",
    permission: "transfer:read", response: z.string().meta({ format: "binary", description: "A PDF document" }), file: "application/pdf", extension: true,
  }),
  endpoint({
    method: "get", path: "/invoice/intent/{id}/emails", tag, summary: "The e-mails sent to an invoice's recipient, with every attempt",
    description: "With `SMTP_URL` set, approving an invoice e-mails it to `recipient_email` (pay link, PDF attached), and reminders go before its due date and the day it passes (unless `email_reminders` is false). Each e-mail lists every attempt and what the SMTP server answered. `configured` is false when this server sends no e-mail.",
    permission: "transfer:read", response: invoiceEmails, extension: true,
  }),
  endpoint({
    method: "post", path: "/invoice/intent/{id}/emails/{email_id}/resend", tag, summary: "Send an invoice e-mail again, as a new attempt",
    description: "Queues the e-mail for a new round of attempts (sent at once, logged as `manual`). 409 while an attempt of it is in flight; 422 when this server sends no e-mail (no `SMTP_URL`).",
    permission: "transfer:approve", response: invoiceEmail, extension: true, refusals: { businessRule: true },
    pathParams: { email_id: { description: "The e-mail's id (from GET /invoice/intent/{id}/emails)", example: "eml_5c0f2b9e7a1d43e8a6b1c2d3" } },
  }),
];

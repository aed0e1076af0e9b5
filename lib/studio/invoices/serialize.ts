import "server-only";
import { z } from "zod";
import type { invoices } from "@/lib/studio/db/invoices-schema";
import { fiatCurrencies } from "@/lib/studio/payment-intents/schemas";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { amountText, dateTimeText } from "@/lib/studio/core/records";
import { parseUnits, toUnits } from "@/lib/studio/core/money";
import { INVOICE_STATUSES, STATUS_CATEGORY, type InvoiceStatus } from "@/lib/studio/invoices/status";
import { lineItemTotals } from "@/lib/studio/invoices/amounts";
import {
  pricedAmount,
  pricedDecimals,
  paymentIntentRecordSchema,
  serializePaymentIntent,
  type PaymentIntentRow,
  type Pricing,
} from "@/lib/studio/payment-intents/serialize";

type InvoiceRow = typeof invoices.$inferSelect;

/** A line item as stored and returned (spec 2.5: JSON numbers read through their exact decimal spelling). */
export const detailItemRecordSchema = z.object({
  name: z.string().meta({ example: "Consulting, March" }),
  quantity: z.number().meta({ example: 2 }),
  unit_price: z.number().meta({ example: 60 }),
  tax: z.number().optional().meta({ example: 5.5 }),
});

/** The InvoiceIntent record of spec 2.2, plus additive fields. */
export const invoiceRecordSchema = z.object({
  id: z.string().meta({ example: "inv_8d2f0a6b1c3e4d57" }),
  invoice_id: z.string().meta({ description: "Human-readable invoice id", example: "INV-000123" }),
  payment_intent: paymentIntentRecordSchema,
  status: z.enum(INVOICE_STATUSES),
  recipient_name: z.string().meta({ example: "Ada Lovelace" }),
  recipient_email: z.string().meta({ example: "ada@client.example" }),
  organization_name: z.string().meta({ example: "Analytical Engines Ltd" }),
  organization_email: z.string().meta({ example: "billing@client.example" }),
  payment_terms: z.number().int().meta({ description: "Days until due; 0 means due on receipt", example: 30 }),
  detail_items: z.array(detailItemRecordSchema),
  // Extensions (spec part 9: additive).
  status_category: z.enum(STATUS_CATEGORIES),
  amount: amountText("125.5"),
  subtotal: amountText("120"),
  tax_total: amountText("5.5"),
  currency: z.enum(fiatCurrencies).nullable(),
  description: z.string().nullable(),
  attachment: z.object({ file_id: z.string() }).nullable(),
  creator: z.string().meta({ example: "billing-service" }),
  creator_uid: z.string(),
  origin: z.string().meta({ example: "https://merchant.example" }),
  invoice_issue_date: dateTimeText,
  allow_any_chain: z.boolean(),
  allow_any_token: z.boolean(),
  email_reminders: z.boolean().meta({ description: "Whether reminder e-mails go to the recipient before the due date and the day it passes (with SMTP_URL set); false for merchants who send their own" }),
  reviewer: z.string().nullable().meta({ description: "Who gave the last approval (written by approve); see assigned_reviewer_uid for the assignment" }),
  approve_time: dateTimeText.nullable().meta({ description: "When it was approved (written by approve); see review_due_at for the due time" }),
  assigned_reviewer_uid: z.string().nullable().meta({ description: "Whom the review is assigned to (the update request's `reviewer`)" }),
  review_due_at: dateTimeText.nullable().meta({ description: "When the review is due (the update request's `approve_time`)" }),
  created_at: dateTimeText,
  updated_at: dateTimeText,
});
export type InvoiceIntentRecord = z.infer<typeof invoiceRecordSchema>;

/** An invoice's amount, and its line items' subtotal and tax, in its pricing unit. */
export function invoiceAmounts(invoice: Pick<InvoiceRow, "amount" | "detailItems">, pricing: Pricing): Pick<InvoiceIntentRecord, "amount" | "subtotal" | "tax_total"> {
  const totals = lineItemTotals(invoice.detailItems);
  const decimals = pricedDecimals(pricing);
  return {
    amount: pricedAmount(parseUnits(invoice.amount, decimals), pricing),
    subtotal: pricedAmount(toUnits(totals.subtotal, decimals, "half-up"), pricing),
    tax_total: pricedAmount(toUnits(totals.tax, decimals, "half-up"), pricing),
  };
}

/** The InvoiceIntent record of spec 2.2, plus additive fields the console needs. */
export function serializeInvoice(invoice: InvoiceRow, pi: PaymentIntentRow): InvoiceIntentRecord {
  const status = invoice.status as InvoiceStatus;
  const amounts = invoiceAmounts(invoice, pi);
  return {
    id: invoice.id,
    invoice_id: invoice.invoiceNumber,
    payment_intent: serializePaymentIntent(pi),
    status,
    recipient_name: invoice.recipientName,
    recipient_email: invoice.recipientEmail,
    organization_name: invoice.organizationName,
    organization_email: invoice.organizationEmail,
    payment_terms: invoice.paymentTerms,
    detail_items: invoice.detailItems,
    // Extensions (spec part 9: additive).
    status_category: STATUS_CATEGORY[status],
    amount: amounts.amount,
    subtotal: amounts.subtotal,
    tax_total: amounts.tax_total,
    currency: invoice.currency as InvoiceIntentRecord["currency"],
    description: invoice.description,
    attachment: invoice.attachment ?? null,
    creator: invoice.creator,
    creator_uid: invoice.creatorUid,
    origin: invoice.origin,
    invoice_issue_date: invoice.invoiceIssueDate.toISOString(),
    allow_any_chain: invoice.allowAnyChain,
    allow_any_token: invoice.allowAnyToken,
    email_reminders: invoice.emailReminders,
    reviewer: invoice.reviewer,
    approve_time: invoice.approveTime?.toISOString() ?? null,
    assigned_reviewer_uid: invoice.reviewAssigneeUid,
    review_due_at: invoice.reviewDueAt?.toISOString() ?? null,
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}

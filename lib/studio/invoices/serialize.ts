import type { invoices } from "@/lib/studio/db/schema";
import { parseUnits, toUnits } from "@/lib/studio/money";
import { STATUS_CATEGORY, type InvoiceStatus } from "@/lib/studio/invoices/status";
import { lineItemTotals } from "@/lib/studio/invoices/amounts";
import {
  pricedAmount,
  pricedDecimals,
  serializePaymentIntent,
  type PaymentIntentRow,
} from "@/lib/studio/payment-intents/serialize";

type InvoiceRow = typeof invoices.$inferSelect;

export type InvoiceIntentRecord = ReturnType<typeof serializeInvoice>;

/** The InvoiceIntent record of spec 2.2, plus additive fields the console needs. */
export function serializeInvoice(invoice: InvoiceRow, pi: PaymentIntentRow) {
  const status = invoice.status as InvoiceStatus;
  const totals = lineItemTotals(invoice.detailItems);
  const unitDecimals = pricedDecimals(pi);
  const amountText = (units: bigint) => pricedAmount(units, pi);
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
    amount: amountText(parseUnits(invoice.amount, unitDecimals)),
    subtotal: amountText(toUnits(totals.subtotal, unitDecimals, "half-up")),
    tax_total: amountText(toUnits(totals.tax, unitDecimals, "half-up")),
    currency: invoice.currency,
    description: invoice.description,
    attachment: invoice.attachment ?? null,
    creator: invoice.creator,
    creator_uid: invoice.creatorUid,
    origin: invoice.origin,
    invoice_issue_date: invoice.invoiceIssueDate.toISOString(),
    allow_any_chain: invoice.allowAnyChain,
    allow_any_token: invoice.allowAnyToken,
    reviewer: invoice.reviewer,
    approve_time: invoice.approveTime?.toISOString() ?? null,
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}

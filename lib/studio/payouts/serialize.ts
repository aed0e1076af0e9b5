import "server-only";
import { z } from "zod";
import type { payouts } from "@/lib/studio/db/payouts-schema";
import { fiatCurrencies } from "@/lib/studio/payment-intents/schemas";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { amountText, dateTimeText } from "@/lib/studio/core/records";
import { parseUnits } from "@/lib/studio/core/money";
import { PAYOUT_STATUSES, PAYOUT_STATUS_CATEGORY, type PayoutStatus } from "@/lib/studio/payouts/status";
import {
  pricedAmount,
  pricedDecimals,
  paymentIntentRecordSchema,
  serializePaymentIntent,
  type PaymentIntentRow,
  type Pricing,
} from "@/lib/studio/payment-intents/serialize";

export type PayoutRow = typeof payouts.$inferSelect;

/** The PayoutIntent record of spec 2.3, plus additive fields. Amounts are in the pricing unit. */
export const payoutRecordSchema = z.object({
  id: z.string().meta({ example: "po_5b7c9d1e3f2a4b68" }),
  payout_id: z.string().meta({ description: "Human-readable payout id", example: "PO-000042" }),
  payment_intent: paymentIntentRecordSchema,
  status: z.enum(PAYOUT_STATUSES),
  recipient_name: z.string().meta({ example: "Grace Hopper" }),
  recipient_email: z.string().meta({ example: "grace@vendor.example" }),
  organization_name: z.string().meta({ example: "Compilers Inc" }),
  organization_email: z.string().meta({ example: "ap@vendor.example" }),
  exact_out_amount: amountText("99"),
  // Extensions (spec part 9: additive).
  status_category: z.enum(STATUS_CATEGORIES),
  amount: amountText("100"),
  kg_fee_amount: amountText("1"),
  currency: z.enum(fiatCurrencies).nullable(),
  recipient_account_email: z.string().nullable(),
  recipient_type: z.enum(["individual", "organization"]).nullable(),
  recipient_uid: z.string().nullable(),
  recipient_org_id: z.number().int().nullable(),
  recipient_phone: z.string().nullable(),
  description: z.string().nullable(),
  attachment: z.object({ file_id: z.string() }).nullable(),
  creator: z.string().meta({ example: "payouts-service" }),
  creator_uid: z.string(),
  origin: z.string().meta({ example: "https://merchant.example" }),
  reviewer: z.string().nullable().meta({ description: "Who gave the last approval (written by approve); see assigned_reviewer_uid for the assignment" }),
  approve_time: dateTimeText.nullable().meta({ description: "When it was approved (written by approve); see review_due_at for the due time" }),
  assigned_reviewer_uid: z.string().nullable().meta({ description: "Whom the review is assigned to (the update request's `reviewer`)" }),
  review_due_at: dateTimeText.nullable().meta({ description: "When the review is due (the update request's `approve_time`)" }),
  created_at: dateTimeText,
  updated_at: dateTimeText,
});
export type PayoutIntentRecord = z.infer<typeof payoutRecordSchema>;

/** A payout's gross amount, what the recipient gets and the fee between them, in its pricing unit. */
export function payoutAmounts(payout: Pick<PayoutRow, "amount" | "exactOutAmount">, pricing: Pricing): Pick<PayoutIntentRecord, "amount" | "exact_out_amount" | "kg_fee_amount"> {
  const decimals = pricedDecimals(pricing);
  const grossUnits = parseUnits(payout.amount, decimals);
  const netUnits = parseUnits(payout.exactOutAmount, decimals);
  return { amount: pricedAmount(grossUnits, pricing), exact_out_amount: pricedAmount(netUnits, pricing), kg_fee_amount: pricedAmount(grossUnits - netUnits, pricing) };
}

/** The PayoutIntent record of spec 2.3, plus additive fields the console needs. */
export function serializePayout(payout: PayoutRow, pi: PaymentIntentRow): PayoutIntentRecord {
  const status = payout.status as PayoutStatus;
  const amounts = payoutAmounts(payout, pi);
  return {
    id: payout.id,
    payout_id: payout.payoutNumber,
    payment_intent: serializePaymentIntent(pi),
    status,
    recipient_name: payout.recipientName,
    recipient_email: payout.recipientEmail,
    organization_name: payout.organizationName,
    organization_email: payout.organizationEmail,
    exact_out_amount: amounts.exact_out_amount,
    // Extensions (spec part 9: additive).
    status_category: PAYOUT_STATUS_CATEGORY[status],
    amount: amounts.amount,
    kg_fee_amount: amounts.kg_fee_amount,
    currency: payout.currency as PayoutIntentRecord["currency"],
    recipient_account_email: payout.recipientAccountEmail,
    recipient_type: payout.recipientType as PayoutIntentRecord["recipient_type"],
    recipient_uid: payout.recipientUid,
    recipient_org_id: payout.recipientOrgId,
    recipient_phone: payout.recipientPhone,
    description: payout.description,
    attachment: payout.attachment ?? null,
    creator: payout.creator,
    creator_uid: payout.creatorUid,
    origin: payout.origin,
    reviewer: payout.reviewer,
    approve_time: payout.approveTime?.toISOString() ?? null,
    assigned_reviewer_uid: payout.reviewAssigneeUid,
    review_due_at: payout.reviewDueAt?.toISOString() ?? null,
    created_at: payout.createdAt.toISOString(),
    updated_at: payout.updatedAt.toISOString(),
  };
}

import type { payouts } from "@/lib/studio/db/schema";
import { parseUnits } from "@/lib/studio/money";
import { PAYOUT_STATUS_CATEGORY, type PayoutStatus } from "@/lib/studio/payouts/status";
import {
  pricedAmount,
  pricedDecimals,
  serializePaymentIntent,
  type PaymentIntentRow,
} from "@/lib/studio/payment-intents/serialize";

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutIntentRecord = ReturnType<typeof serializePayout>;

/** The PayoutIntent record of spec 2.3, plus additive fields the console needs. */
export function serializePayout(payout: PayoutRow, pi: PaymentIntentRow) {
  const status = payout.status as PayoutStatus;
  const decimals = pricedDecimals(pi);
  const grossUnits = parseUnits(payout.amount, decimals);
  const netUnits = parseUnits(payout.exactOutAmount, decimals);
  return {
    id: payout.id,
    payout_id: payout.payoutNumber,
    payment_intent: serializePaymentIntent(pi),
    status,
    recipient_name: payout.recipientName,
    recipient_email: payout.recipientEmail,
    organization_name: payout.organizationName,
    organization_email: payout.organizationEmail,
    exact_out_amount: pricedAmount(netUnits, pi),
    // Extensions (spec part 9: additive).
    status_category: PAYOUT_STATUS_CATEGORY[status],
    amount: pricedAmount(grossUnits, pi),
    kg_fee_amount: pricedAmount(grossUnits - netUnits, pi),
    currency: payout.currency,
    recipient_account_email: payout.recipientAccountEmail,
    recipient_type: payout.recipientType,
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
    created_at: payout.createdAt.toISOString(),
    updated_at: payout.updatedAt.toISOString(),
  };
}

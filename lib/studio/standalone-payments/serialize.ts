import "server-only";
import { z } from "zod";
import type { standalonePaymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { paymentIntentRecordSchema, serializePaymentIntent, type PaymentIntentRecord, type PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { dateTimeText, nullableAmountText } from "@/lib/studio/core/records";
import { STANDALONE_STATUS_CATEGORY, type StandaloneStatus } from "@/lib/studio/standalone-payments/status";

export type StandaloneRow = typeof standalonePaymentIntents.$inferSelect;

/** The PaymentIntent record of spec 2.4 on its own (POST/GET /payment/intent), plus its workflow fields. */
export const standalonePaymentRecordSchema = paymentIntentRecordSchema.extend({
  refund_amount: nullableAmountText().meta({
    description: "The refunded amount: spec 2.4 names `refund_crypto_amount` so in the payment intent endpoints' description; both carry it",
  }),
  status_category: z.enum(STATUS_CATEGORIES).meta({ description: "The owning invoice's or payout's category when `owner` is set" }),
  creator_uid: z.string(),
  updated_at: dateTimeText,
  owner: z
    .object({ type: z.enum(["invoice", "payout"]), id: z.string() })
    .nullable()
    .meta({
      description:
        "The invoice or payout whose nested payment intent this is (GET /payment/intent/{id} answers for those too, spec 2.4); null for a standalone payment intent. Lists and refunds here are of standalone ones.",
    }),
});
export type StandalonePaymentRecord = z.infer<typeof standalonePaymentRecordSchema>;

/** The PaymentIntent record of spec 2.4, plus additive fields the console needs. */
export function serializeStandalonePayment(row: StandaloneRow, pi: PaymentIntentRow): StandalonePaymentRecord {
  const record = serializePaymentIntent(pi);
  return {
    ...record,
    refund_amount: record.refund_crypto_amount,
    // Extensions (spec part 9: additive).
    status_category: STANDALONE_STATUS_CATEGORY[row.status as StandaloneStatus],
    creator_uid: row.creatorUid,
    updated_at: pi.updatedAt.toISOString(),
    owner: null,
  };
}

type OwningRecord = { payment_intent: PaymentIntentRecord; status_category: StandalonePaymentRecord["status_category"]; creator_uid: string; updated_at: string };

/** The payment intent nested in `record` (an invoice or payout as its GET answers), as the payment intent endpoints show it. */
export function serializeOwnedPayment(record: OwningRecord, owner: NonNullable<StandalonePaymentRecord["owner"]>): StandalonePaymentRecord {
  return {
    ...record.payment_intent,
    refund_amount: record.payment_intent.refund_crypto_amount,
    status_category: record.status_category,
    creator_uid: record.creator_uid,
    updated_at: record.updated_at,
    owner,
  };
}

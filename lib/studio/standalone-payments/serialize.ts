import { z } from "zod";
import type { standalonePaymentIntents } from "@/lib/studio/db/schema";
import { paymentIntentRecordSchema, serializePaymentIntent, type PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { dateTimeText } from "@/lib/studio/records";
import { STANDALONE_STATUS_CATEGORY, type StandaloneStatus } from "@/lib/studio/standalone-payments/status";

export type StandaloneRow = typeof standalonePaymentIntents.$inferSelect;

/** The PaymentIntent record of spec 2.4 on its own (POST/GET /payment/intent), plus its workflow fields. */
export const standalonePaymentRecordSchema = paymentIntentRecordSchema.extend({
  status_category: z.enum(STATUS_CATEGORIES),
  creator_uid: z.string(),
  updated_at: dateTimeText,
});
export type StandalonePaymentRecord = z.infer<typeof standalonePaymentRecordSchema>;

/** The PaymentIntent record of spec 2.4, plus additive fields the console needs. */
export function serializeStandalonePayment(row: StandaloneRow, pi: PaymentIntentRow): StandalonePaymentRecord {
  return {
    ...serializePaymentIntent(pi),
    // Extensions (spec part 9: additive).
    status_category: STANDALONE_STATUS_CATEGORY[row.status as StandaloneStatus],
    creator_uid: row.creatorUid,
    updated_at: pi.updatedAt.toISOString(),
  };
}

import type { standalonePaymentIntents } from "@/lib/studio/db/schema";
import { serializePaymentIntent, type PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import { STANDALONE_STATUS_CATEGORY, type StandaloneStatus } from "@/lib/studio/standalone-payments/status";

export type StandaloneRow = typeof standalonePaymentIntents.$inferSelect;
export type StandalonePaymentRecord = ReturnType<typeof serializeStandalonePayment>;

/** The PaymentIntent record of spec 2.4, plus additive fields the console needs. */
export function serializeStandalonePayment(row: StandaloneRow, pi: PaymentIntentRow) {
  return {
    ...serializePaymentIntent(pi),
    // Extensions (spec part 9: additive).
    status_category: STANDALONE_STATUS_CATEGORY[row.status as StandaloneStatus],
    creator_uid: row.creatorUid,
    updated_at: pi.updatedAt.toISOString(),
  };
}

import "server-only";
// Payouts: a workflow owner like invoices, paying out instead of collecting.
import { index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { workflowOwnerColumns } from "@/lib/studio/db/workflow-schema";

export const payouts = pgTable(
  "payouts",
  {
    ...workflowOwnerColumns(),
    payoutNumber: text("payout_number").notNull(),
    // The net in the request's unit, beside the gross `amount`.
    exactOutAmount: numeric("exact_out_amount").notNull(),
    recipientAccountEmail: text("recipient_account_email"),
    recipientType: text("recipient_type"),
    recipientUid: text("recipient_uid"),
    recipientOrgId: integer("recipient_org_id"),
    recipientPhone: text("recipient_phone"),
  },
  (t) => [
    uniqueIndex("payouts_seq_idx").on(t.seq),
    uniqueIndex("payouts_org_number_idx").on(t.orgId, t.payoutNumber),
    uniqueIndex("payouts_payment_intent_idx").on(t.paymentIntentId),
    index("payouts_org_seq_idx").on(t.orgId, t.seq),
    index("payouts_org_status_seq_idx").on(t.orgId, t.status, t.seq),
    index("payouts_org_amount_seq_idx").on(t.orgId, t.amount, t.seq),
  ],
);

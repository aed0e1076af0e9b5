import "server-only";
// What every workflow owner (invoice, payout) shares: its columns and its status log.
import { bigserial, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "@/lib/studio/db/columns";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";

/**
 * The columns every workflow owner (invoice, payout) has: the shared verbs read and write only
 * these. `amount` is in the request's unit: fiat (to the cent) or the token.
 */
export function workflowOwnerColumns() {
  return {
    id: text("id").primaryKey(),
    // Insertion order: gives the list a stable newest-first order even within one millisecond.
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    status: text("status").notNull(),
    paymentIntentId: text("payment_intent_id")
      .notNull()
      .references(() => paymentIntents.id),
    creatorUid: text("creator_uid").notNull(),
    creator: text("creator").notNull(),
    amount: numeric("amount").notNull(),
    currency: text("currency"),
    origin: text("origin").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    organizationName: text("organization_name").notNull(),
    organizationEmail: text("organization_email").notNull(),
    description: text("description"),
    attachment: jsonb("attachment").$type<{ file_id: string }>(),
    reviewer: text("reviewer"),
    approveTime: timestamp("approve_time", { withTimezone: true }),
    // The review's assignment (the update request's `reviewer` and `approve_time`): who should
    // review it and by when. Neither approves anything; the approver inbox reads them.
    reviewAssigneeUid: text("review_assignee_uid"),
    reviewDueAt: timestamp("review_due_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  };
}

// One row per status change of any workflow owner (invoice, payout), written only by the shared
// transition function. `owner_id` names a row of the owner's table.
export const statusLogs = pgTable(
  "status_logs",
  {
    id: serial("id").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    ownerType: text("owner_type").notNull(),
    ownerId: text("owner_id").notNull(),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    operatorUid: text("operator_uid").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("status_logs_owner_idx").on(t.ownerType, t.ownerId, t.id)],
);

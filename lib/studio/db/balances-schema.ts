import "server-only";
// An organization's balance: its ledger, the balances the ledger sums to, and withdrawals from it.
import { bigserial, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { chainSends } from "@/lib/studio/db/chain-schema";
import { createdAt } from "@/lib/studio/db/columns";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";

// A withdrawal (POST /asset_pro/transfer): tokens from the organization's balance to an outside
// wallet. Its debit is a ledger row and its broadcast a chain send, both written with it.
export type WithdrawalReviewStatus = "awaiting_approval" | "approved" | "rejected";

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    chainId: text("chain_id").notNull(),
    tokenAddress: text("token_address").notNull(),
    symbol: text("symbol").notNull(),
    decimals: integer("decimals").notNull(),
    amount: numeric("amount").notNull(),
    walletAddress: text("wallet_address").notNull(),
    // Null while the withdrawal waits for approval (or after it was rejected): nothing is sent yet.
    sendId: text("send_id").references(() => chainSends.id),
    txHash: text("tx_hash"),
    creatorUid: text("creator_uid").notNull(),
    /**
     * Null when its approval policy asked for no approval (it was sent at once); else
     * awaiting_approval, then approved (sent) or rejected.
     */
    reviewStatus: text("review_status").$type<WithdrawalReviewStatus>(),
    rejectReason: text("reject_reason"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("withdrawals_org_seq_idx").on(t.orgId, t.seq),
    // The approver inbox reads the requests awaiting approval.
    index("withdrawals_org_review_idx").on(t.orgId, t.reviewStatus),
  ],
);

// The organization's balance: one immutable row per movement (a correction is a new row). The
// balance of a chain and token is the sum of its rows. `reference` makes each movement happen once.
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    chainId: text("chain_id").notNull(),
    tokenAddress: text("token_address").notNull(),
    symbol: text("symbol").notNull(),
    decimals: integer("decimals").notNull(),
    amount: numeric("amount").notNull(),
    kind: text("kind").notNull(),
    paymentIntentId: text("payment_intent_id").references(() => paymentIntents.id),
    withdrawalId: text("withdrawal_id").references(() => withdrawals.id),
    reference: text("reference").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_reference_idx").on(t.reference),
    index("ledger_entries_org_token_idx").on(t.orgId, t.chainId, t.tokenAddress, t.id),
  ],
);

// The sum of an organization's ledger rows per chain and token, kept by a trigger on
// ledger_entries in the same transaction (migration 0006). Its CHECK is the database's own
// guarantee that no movement takes a balance below zero, whatever the code above it does.
export const balances = pgTable(
  "balances",
  {
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    chainId: text("chain_id").notNull(),
    tokenAddress: text("token_address").notNull(),
    symbol: text("symbol").notNull(),
    decimals: integer("decimals").notNull(),
    amount: numeric("amount").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.chainId, t.tokenAddress] })],
);

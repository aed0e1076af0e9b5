import "server-only";
// Payment intents (the shared payment core every owner holds one of), the ones that stand on
// their own (spec 4.3), and the confirmed transfers that paid them.
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "@/lib/studio/db/columns";
import { organizations } from "@/lib/studio/db/orgs-schema";

export const paymentIntents = pgTable(
  "payment_intents",
  {
    id: text("id").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    clientId: text("client_id").notNull(),
    pricingMode: text("pricing_mode").notNull(),
    chainId: text("chain_id").notNull(),
    tokenSymbol: text("token_symbol").notNull(),
    tokenAddress: text("token_address").notNull(),
    decimals: integer("decimals").notNull(),
    paymentAddress: text("payment_address"),
    addressIndex: integer("address_index"),
    status: text("status").notNull(),
    cryptoAmount: numeric("crypto_amount").notNull(),
    fiatAmount: numeric("fiat_amount"),
    fiatCurrency: text("fiat_currency"),
    cryptoPrice: numeric("crypto_price"),
    // Set by the client at create time; when absent, approval computes one from the terms.
    requestedDeadline: bigint("requested_deadline", { mode: "number" }),
    paymentDeadline: bigint("payment_deadline", { mode: "number" }),
    payerAddress: text("payer_address"),
    paymentTxHash: text("payment_tx_hash"),
    paymentTxTimestamp: bigint("payment_tx_timestamp", { mode: "number" }),
    receivedCryptoAmount: numeric("received_crypto_amount"),
    aggregatedCryptoAmount: numeric("aggregated_crypto_amount"),
    aggregationTxHash: text("aggregation_tx_hash"),
    aggregationTxTimestamp: bigint("aggregation_tx_timestamp", { mode: "number" }),
    finalizedTimestamp: bigint("finalized_timestamp", { mode: "number" }),
    refundTxHash: text("refund_tx_hash"),
    refundCryptoAmount: numeric("refund_crypto_amount"),
    refundAddress: text("refund_address"),
    partialRefundTxHash: text("partial_refund_tx_hash"),
    partialRefundAmount: numeric("partial_refund_amount"),
    partialRefundAddress: text("partial_refund_address"),
    // Why the funds (or the excess of an overpayment) went back, and the supporting file ids.
    refundReason: text("refund_reason"),
    refundAttachments: jsonb("refund_attachments").$type<string[]>(),
    orderData: jsonb("order_data"),
    callbackUrl: text("callback_url"),
    groupKey: text("group_key"),
    paymentMethodType: text("payment_method_type").notNull(),
    swapEnabled: boolean("swap_enabled").notNull().default(false),
    payoutTargetAddress: text("payout_target_address"),
    payoutTargetSolAddress: text("payout_target_sol_address"),
    payoutTargetTronAddress: text("payout_target_tron_address"),
    payoutAddresses: jsonb("payout_addresses").$type<Record<string, string>>().notNull().default({}),
    exactOutAmount: numeric("exact_out_amount"),
    kgFeeAmount: numeric("kg_fee_amount"),
    bankAccountId: integer("bank_account_id"),
    // An RPC chain's transfer to the address that is not yet at its confirmation depth (issue 24).
    seenTxHash: text("seen_tx_hash"),
    seenConfirmations: integer("seen_confirmations"),
    // The hosted payment page's unguessable token (/pay/{token}, issue 26): given with the address.
    payToken: text("pay_token"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_intents_address_idx").on(t.paymentAddress),
    uniqueIndex("payment_intents_pay_token_idx").on(t.payToken),
    // The scanner matches a log's `to` (lower-case hex) against every deposit address of a chain.
    index("payment_intents_chain_address_lower_idx").on(t.chainId, sql`lower(${t.paymentAddress})`),
    // The scanner's in-memory address index reads each organization's newest addresses by HD index.
    index("payment_intents_chain_org_address_index_idx").on(t.chainId, t.orgId, t.addressIndex),
    index("payment_intents_status_deadline_idx")
      .on(t.status, t.paymentDeadline)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// A payment intent on its own (spec 4.3): the workflow owner of a payment intent that no invoice
// or payout holds. Its id is the payment intent's id, and its status the payment status (§3).
export const standalonePaymentIntents = pgTable(
  "standalone_payment_intents",
  {
    id: text("id")
      .primaryKey()
      .references(() => paymentIntents.id),
    // Insertion order: a stable newest-first list even within one millisecond.
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    status: text("status").notNull(),
    paymentIntentId: text("payment_intent_id")
      .notNull()
      .references(() => paymentIntents.id),
    creatorUid: text("creator_uid").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("standalone_payment_intents_seq_idx").on(t.seq),
    uniqueIndex("standalone_payment_intents_payment_intent_idx").on(t.paymentIntentId),
    index("standalone_payment_intents_org_seq_idx").on(t.orgId, t.seq),
    index("standalone_payment_intents_org_status_seq_idx").on(t.orgId, t.status, t.seq),
  ],
);

// One row per confirmed on-chain transfer into a payment address.
export const chainTransfers = pgTable(
  "chain_transfers",
  {
    id: serial("id").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    paymentIntentId: text("payment_intent_id")
      .notNull()
      .references(() => paymentIntents.id),
    txHash: text("tx_hash").notNull(),
    payerAddress: text("payer_address").notNull(),
    amount: numeric("amount").notNull(),
    txTimestamp: bigint("tx_timestamp", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chain_transfers_tx_idx").on(t.txHash),
    index("chain_transfers_intent_idx").on(t.paymentIntentId),
  ],
);

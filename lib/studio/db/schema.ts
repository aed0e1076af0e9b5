import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable("organizations", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  webhookSecret: text("webhook_secret").notNull(),
  // The HD seed for deposit addresses, sealed with the server secret (see lib/studio/crypto.ts).
  hdSeedSealed: text("hd_seed_sealed").notNull(),
  nextAddressIndex: integer("next_address_index").notNull().default(0),
  invoiceCounter: integer("invoice_counter").notNull().default(0),
  payoutCounter: integer("payout_counter").notNull().default(0),
  createdAt: createdAt(),
});

export const clientIds = pgTable("client_ids", {
  clientId: text("client_id").primaryKey(),
  orgId: integer("org_id")
    .notNull()
    .references(() => organizations.id),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    uid: text("uid").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    permissions: text("permissions").array().notNull(),
    // A disabled person's keys stop authenticating; the row stays for the records that name them.
    disabled: boolean("disabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_org_email_idx").on(t.orgId, t.email), index("users_org_created_idx").on(t.orgId, t.createdAt)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userUid: text("user_uid")
      .notNull()
      .references(() => users.uid),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    // SHA-256 of the whole key: keys carry 192 random bits, so a slow hash adds nothing.
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_user_idx").on(t.userUid),
    index("api_keys_org_created_idx").on(t.orgId, t.createdAt),
  ],
);

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

/**
 * The columns every workflow owner (invoice, payout) has: the shared verbs read and write only
 * these. `amount` is in the request's unit: fiat (to the cent) or the token.
 */
function workflowOwnerColumns() {
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

export type DetailItemRecord = { name: string; quantity: number; unit_price: number; tax?: number };

export const invoices = pgTable(
  "invoices",
  {
    ...workflowOwnerColumns(),
    invoiceNumber: text("invoice_number").notNull(),
    detailItems: jsonb("detail_items").$type<DetailItemRecord[]>().notNull(),
    paymentTerms: integer("payment_terms").notNull(),
    invoiceIssueDate: timestamp("invoice_issue_date", { withTimezone: true }).notNull(),
    // The issue date plus the payment terms in days (UTC), kept by a trigger (migration 0021): what
    // the list sorts by and the receivables aging reads, from an index instead of per-row arithmetic.
    dueAt: timestamp("due_at", { withTimezone: true }),
    allowAnyChain: boolean("allow_any_chain").notNull().default(false),
    allowAnyToken: boolean("allow_any_token").notNull().default(false),
    useFixedStablecoinRate: boolean("use_fixed_stablecoin_rate").notNull().default(false),
    // Off for merchants who remind their payers themselves: no reminder e-mails (the invoice e-mail still goes).
    emailReminders: boolean("email_reminders").notNull().default(true),
    // What the free-text search reads (see `indexedSearch`): the searched columns joined by spaces
    // and lowercased, kept by the database. Stored, so the trigram index's recheck of each
    // candidate is a plain LIKE on it instead of joining and lowercasing seven columns each time.
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${sql.join(invoiceSearchColumns(invoices).map((column) => sql`${column}`), sql` || ' ' || `)})`),
  },
  (t) => [
    uniqueIndex("invoices_seq_idx").on(t.seq),
    uniqueIndex("invoices_org_number_idx").on(t.orgId, t.invoiceNumber),
    uniqueIndex("invoices_payment_intent_idx").on(t.paymentIntentId),
    // Newest first with the status at hand: a status tab's deep page is an index-only scan.
    index("invoices_org_seq_status_idx").on(t.orgId, t.seq, t.status),
    index("invoices_org_status_seq_idx").on(t.orgId, t.status, t.seq),
    index("invoices_org_recipient_email_idx").on(t.orgId, t.recipientEmail),
    // The date-range filter and its per-status counts (an index-only scan with status in the key).
    index("invoices_org_created_status_idx").on(t.orgId, t.createdAt, t.status),
    // The free-text search can use trigrams (pg_trgm) instead of reading every invoice.
    index("invoices_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // The `sort` extension: amount and due date orders, ties by creation, walked by keyset.
    index("invoices_org_amount_seq_idx").on(t.orgId, t.amount, t.seq),
    index("invoices_org_due_seq_idx").on(t.orgId, t.dueAt, t.seq),
  ],
);

/** The statistics object (migrations 0015, 0016) on the trigrams of `search_text`. */
export const INVOICE_SEARCH_STATISTICS = "invoices_search_trigrams";

/**
 * The columns the invoice search looks in: `search_text` is them joined by spaces and lowercased,
 * and a search that could span two of them there is checked on each of them (`indexedSearch`).
 */
export function invoiceSearchColumns(t: {
  invoiceNumber: AnyPgColumn;
  id: AnyPgColumn;
  paymentIntentId: AnyPgColumn;
  recipientName: AnyPgColumn;
  recipientEmail: AnyPgColumn;
  organizationName: AnyPgColumn;
  organizationEmail: AnyPgColumn;
}): AnyPgColumn[] {
  return [t.invoiceNumber, t.id, t.paymentIntentId, t.recipientName, t.recipientEmail, t.organizationName, t.organizationEmail];
}

// Invoices per organization and status, kept exact by statement-level triggers on `invoices`:
// the unfiltered list reads its tab counts here (the sum over slots) instead of counting every
// invoice. Each status has up to 16 slots, one per backend (pg_backend_pid() % 16), so concurrent
// creates and transitions in one organization lock different rows; a slot alone may go negative.
export const invoiceStatusCounts = pgTable(
  "invoice_status_counts",
  {
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    status: text("status").notNull(),
    slot: integer("slot").notNull().default(0),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status, t.slot] })],
);

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

// The chain-send outbox: a send is recorded in the transaction that decides it, with the tx hash
// the chain will give it (a stable reference), and broadcast after commit; a crash in between
// leaves it pending for the drainer, and a repeated broadcast is the same transfer on the chain.
export const chainSends = pgTable(
  "chain_sends",
  {
    id: text("id").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    paymentIntentId: text("payment_intent_id").references(() => paymentIntents.id),
    purpose: text("purpose").notNull(),
    chainId: text("chain_id").notNull(),
    tokenAddress: text("token_address").notNull(),
    toAddress: text("to_address").notNull(),
    amount: numeric("amount").notNull(),
    txHash: text("tx_hash").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // A drainer holds the send until then; a crashed drainer's lease simply runs out.
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // RPC chains (issue 24): who signs, with which nonce, and the signed transaction itself, all
    // written in the transaction that plans the send, so a broadcast after a crash is the same bytes.
    fromAddress: text("from_address"),
    nonce: bigint("nonce", { mode: "number" }),
    rawTx: text("raw_tx"),
    // Every hash this send has been signed under (replacements at a higher fee); tx_hash is the live one.
    txHashes: jsonb("tx_hashes").$type<string[]>(),
    // A send that may go out only once this one is confirmed (a deposit address's gas top-up).
    afterSendId: text("after_send_id"),
    minedBlock: bigint("mined_block", { mode: "number" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    index("chain_sends_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("chain_sends_sent_idx").on(t.chainId, t.createdAt).where(sql`${t.status} = 'sent'`),
    // GET /lookup finds the record a settlement, refund or payout was sent for by its hash.
    index("chain_sends_org_tx_hash_idx").on(t.orgId, t.txHash),
  ],
);

// The next nonce of each sending address on an RPC chain, taken inside the transaction that plans
// a send: concurrent sends from one address get distinct, gap-free nonces.
export const chainNonces = pgTable(
  "chain_nonces",
  {
    chainId: text("chain_id").notNull(),
    address: text("address").notNull(),
    nextNonce: bigint("next_nonce", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

// Where each RPC chain's scanner is: the last block it read (its position survives restarts) and
// the node's head when it last looked.
export const chainScanState = pgTable("chain_scan_state", {
  chainId: text("chain_id").primaryKey(),
  scannedBlock: bigint("scanned_block", { mode: "number" }).notNull(),
  headBlock: bigint("head_block", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Hashes of the recently scanned blocks: a block whose hash no longer matches is a reorg, and the
// newest block that still matches is where the scanner rolls back to.
export const chainScannedBlocks = pgTable(
  "chain_scanned_blocks",
  {
    chainId: text("chain_id").notNull(),
    number: bigint("number", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
);

// Token transfers into deposit addresses as the scanner read them, once per (chain, tx, log):
// seen → credited at depth (handed to the deposit recorder), dropped when a reorg removed it
// first, reversed when a reorg deeper than the depth removed it after, refused when the record
// took no funds.
export const chainDeposits = pgTable(
  "chain_deposits",
  {
    id: serial("id").primaryKey(),
    chainId: text("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockHash: text("block_hash").notNull(),
    blockTimestamp: bigint("block_timestamp", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    paymentIntentId: text("payment_intent_id")
      .notNull()
      .references(() => paymentIntents.id),
    tokenAddress: text("token_address").notNull(),
    fromAddress: text("from_address").notNull(),
    amount: numeric("amount").notNull(),
    status: text("status").notNull().default("seen"),
    note: text("note"),
    createdAt: createdAt(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chain_deposits_log_idx").on(t.chainId, t.txHash, t.logIndex),
    index("chain_deposits_seen_idx").on(t.chainId, t.blockNumber).where(sql`${t.status} = 'seen'`),
    index("chain_deposits_chain_block_idx").on(t.chainId, t.blockNumber),
  ],
);

// What the sandbox chain has broadcast: one row per send reference, so a resend is the same transfer.
export const sandboxBroadcasts = pgTable("sandbox_broadcasts", {
  reference: text("reference").primaryKey(),
  txHash: text("tx_hash").notNull(),
  chainId: text("chain_id").notNull(),
  tokenAddress: text("token_address").notNull(),
  toAddress: text("to_address").notNull(),
  amount: numeric("amount").notNull(),
  createdAt: createdAt(),
});

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

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userUid: text("user_uid").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: text("response_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("idempotency_keys_pk").on(t.userUid, t.key), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * Organization-wide webhook endpoints (issue 26): each receives every event whose type matches one
 * of its `event_types` patterns, signed with its own secret. Secrets are sealed with STUDIO_SECRET,
 * bound to the endpoint's row. During a rotation's overlap the previous secret signs beside the
 * current one until `previous_secret_expires_at`. A deleted endpoint keeps its row (its deliveries
 * name it) with `deleted_at` set, and gets nothing new.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types").array().notNull(),
    secretSealed: text("secret_sealed").notNull(),
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("webhook_endpoints_org_idx").on(t.orgId, t.seq).where(sql`${t.deletedAt} IS NULL`)],
);

/**
 * The webhook outbox: one row per event, written by `transition()` in the transaction of the
 * status change, so an event exists exactly when its change committed. The dispatcher claims due
 * rows with a lease (SKIP LOCKED), so several dispatchers never send one attempt twice; `seq`
 * orders the events of one object, and a later one waits while an earlier one is still pending.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    type: text("type").notNull(),
    url: text("url").notNull(),
    // Null for a record's callback_url; else the organization endpoint the event goes to.
    endpointId: text("endpoint_id").references((): AnyPgColumn => webhookEndpoints.id),
    // The exact body every attempt sends (and signs), so a re-send is byte-identical.
    payload: text("payload").notNull(),
    status: text("status").notNull().default("pending"),
    // Attempts of the current schedule round (a manual re-send starts a new round); the log keeps all.
    scheduledAttempts: integer("scheduled_attempts").notNull().default(0),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseToken: text("lease_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // In the claim's order, so a claim reads the first due rows and stops at its limit: on
    // next_attempt_at alone every claim read and sorted the whole backlog (O(pending) per claim).
    index("webhook_events_due_idx").on(t.nextAttemptAt, t.seq).where(sql`${t.status} = 'pending'`),
    index("webhook_events_object_idx").on(t.objectId, t.seq),
    index("webhook_events_org_idx").on(t.orgId, t.seq),
    index("webhook_events_endpoint_idx").on(t.endpointId, t.seq).where(sql`${t.endpointId} IS NOT NULL`),
  ],
);

/** The delivery log: every attempt of every event, as sent and as answered. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id),
    attemptNumber: integer("attempt_number").notNull(),
    manual: boolean("manual").notNull().default(false),
    url: text("url").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    latencyMs: integer("latency_ms").notNull(),
    responseBody: text("response_body"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("webhook_attempts_event_attempt_idx").on(t.eventId, t.attemptNumber)],
);

/**
 * The e-mail outbox (issue 26): one row per e-mail an invoice's recipient is due, written in the
 * transaction that made it due (the approval; a sweep for reminders). One per invoice and kind,
 * so no sweep or approval can queue the same e-mail twice; a re-send is a new round on the same row.
 */
export const invoiceEmails = pgTable(
  "invoice_emails",
  {
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    status: text("status").notNull().default("pending"),
    // Attempts of the current schedule round (a re-send starts a new round); the log keeps all.
    scheduledAttempts: integer("scheduled_attempts").notNull().default(0),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseToken: text("lease_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoice_emails_invoice_kind_idx").on(t.invoiceId, t.kind),
    index("invoice_emails_due_idx").on(t.nextAttemptAt, t.seq).where(sql`${t.status} = 'pending'`),
  ],
);

/** Every attempt to hand an invoice e-mail to the SMTP server, with what the server answered. */
export const invoiceEmailAttempts = pgTable(
  "invoice_email_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    emailId: text("email_id")
      .notNull()
      .references(() => invoiceEmails.id),
    attemptNumber: integer("attempt_number").notNull(),
    manual: boolean("manual").notNull().default(false),
    recipient: text("recipient").notNull(),
    outcome: text("outcome").notNull(),
    smtpCode: integer("smtp_code"),
    smtpResponse: text("smtp_response"),
    error: text("error"),
    latencyMs: integer("latency_ms").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("invoice_email_attempts_email_attempt_idx").on(t.emailId, t.attemptNumber)],
);

/**
 * Who did what (issue 13): one row per audited action, written in the transaction of the change
 * it records, so a refused or failed action leaves none. Append-only: a trigger refuses UPDATE
 * and DELETE (migration 0009). `actor_uid` is null only for the operator CLI and the demo seed.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    createdAt: createdAt(),
    actorUid: text("actor_uid"),
    action: text("action").notNull(),
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_org_id_idx").on(t.orgId, t.id),
    index("audit_log_org_actor_idx").on(t.orgId, t.actorUid, t.id),
    index("audit_log_org_action_idx").on(t.orgId, t.action, t.id),
    index("audit_log_org_object_idx").on(t.orgId, t.objectType, t.objectId, t.id),
    index("audit_log_org_created_idx").on(t.orgId, t.createdAt),
  ],
);

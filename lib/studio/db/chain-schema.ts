import "server-only";
// The chains: the send outbox, RPC nonces, the scanner's position, blocks and deposits, and the
// sandbox chain's broadcasts.
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "@/lib/studio/db/columns";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";

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
    // What the send does, bound at planning by a MAC under STUDIO_SECRET and the send's id
    // (chain/send-binding.ts); a row that fails the check is `quarantined`, with the reason here.
    bindingMac: text("binding_mac"),
    bindingViolation: text("binding_violation"),
    quarantinedAt: timestamp("quarantined_at", { withTimezone: true }),
    // needs_review: what the tracker saw when it stopped (no receipt for any hash, the nonce used),
    // for the person who resolves it; the send is never credited back without one.
    reviewEvidence: jsonb("review_evidence").$type<ReviewEvidence>(),
  },
  (t) => [
    index("chain_sends_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("chain_sends_sent_idx").on(t.chainId, t.createdAt).where(sql`${t.status} = 'sent'`),
    // GET /lookup finds the record a settlement, refund or payout was sent for by its hash.
    index("chain_sends_org_tx_hash_idx").on(t.orgId, t.txHash),
    // GET /chains lists an organization's quarantined sends for an operator.
    index("chain_sends_quarantined_idx").on(t.orgId, t.chainId).where(sql`${t.status} = 'quarantined'`),
    index("chain_sends_needs_review_idx").on(t.orgId, t.createdAt).where(sql`${t.status} = 'needs_review'`),
  ],
);

/** Why a send waits for a person: the tracker's observation, kept as it was. */
export type ReviewEvidence = {
  reason: "nonce_used_without_receipt";
  tx_hashes: string[];
  nonce: number;
  /** The sender's next nonce on chain at `head_block` (its transaction count): every nonce below it is used. */
  chain_nonce: number;
  head_block: number;
  /** Where a version of it was last seen mined (a reorg took it away since), or null. */
  mined_block: number | null;
  observed_at: string;
};

// One process at a time does a chain's background job (its scanner, its send tracker): the row is
// its lease, taken when it expired or renewed by its holder; `token` grows at every change of
// holder, and writes made under the lease name it, so a holder that lost it writes nothing.
export const chainLeases = pgTable(
  "chain_leases",
  {
    chainId: text("chain_id").notNull(),
    job: text("job").notNull(),
    holder: text("holder").notNull(),
    token: bigint("token", { mode: "number" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.job] })],
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

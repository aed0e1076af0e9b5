import "server-only";
// The sends held for a person (needs_review): the send tracker found their nonce used and none of
// their transactions on chain, so it neither confirmed them nor credited their money back. GET
// /chains lists them per chain; POST /chain_sends/{id}/resolve decides each.
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db, type DbOrTx } from "@/lib/db/client";
import { withdrawals } from "@/lib/studio/db/balances-schema";
import { chainSends } from "@/lib/studio/db/chain-schema";
import { address, amountText, dateTimeText, txHash } from "@/lib/studio/core/records";
import { notFound } from "@/lib/studio/core/errors";
import type { SendRow } from "@/lib/studio/chain/adapter";

/** At most this many are listed on GET /chains, newest first. */
const LISTED = 100;

export const reviewEvidenceSchema = z.object({
  reason: z.literal("nonce_used_without_receipt"),
  tx_hashes: z.array(txHash).meta({ description: "Every transaction the send was signed as (replacements at higher fees); none had a receipt" }),
  nonce: z.number().int().meta({ description: "The send's nonce", example: 41 }),
  chain_nonce: z.number().int().meta({ description: "The sender's next nonce on chain at head_block: every nonce below it was used", example: 44 }),
  head_block: z.number().int().meta({ description: "The node's head when the tracker looked", example: 241_500_120 }),
  mined_block: z.number().int().nullable().meta({ description: "Where a version of the send was seen mined before a reorg took it away, or null" }),
  observed_at: dateTimeText,
});

export const chainSendSchema = z.object({
  id: z.string().meta({ example: "send_5f2a9c0d1e3b4a67" }),
  chain_id: z.string().meta({ example: "arb" }),
  purpose: z.string().meta({ description: "withdrawal, settlement, refund, partial_refund, payout or gas_top_up", example: "withdrawal" }),
  status: z.enum(["pending", "sent", "confirmed", "failed", "needs_review"]).meta({
    description: "needs_review: its nonce was used and none of its transactions is on chain; it waits for POST /chain_sends/{id}/resolve",
  }),
  from_address: address(),
  to_address: address(),
  token_address: z.string().meta({ description: "The token contract, or `native` for the chain's coin (a gas top-up)", example: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831" }),
  amount: amountText("50"),
  nonce: z.number().int().nullable(),
  tx_hash: txHash,
  tx_hashes: z.array(txHash),
  withdrawal_id: z.string().nullable().meta({ example: "wd_1a2b3c4d5e6f7081" }),
  payment_intent_id: z.string().nullable(),
  created_at: dateTimeText,
  review_evidence: reviewEvidenceSchema.nullable().meta({ description: "What the send tracker saw when it held the send for review" }),
});
export type ChainSendRecord = z.infer<typeof chainSendSchema>;

export function serializeChainSend(send: SendRow, withdrawalId: string | null): ChainSendRecord {
  return {
    id: send.id,
    chain_id: send.chainId,
    purpose: send.purpose,
    status: send.status as ChainSendRecord["status"],
    from_address: send.fromAddress ?? "",
    to_address: send.toAddress,
    token_address: send.tokenAddress,
    amount: send.amount,
    nonce: send.nonce,
    tx_hash: send.txHash,
    tx_hashes: send.txHashes ?? [send.txHash],
    withdrawal_id: withdrawalId,
    payment_intent_id: send.paymentIntentId,
    created_at: send.createdAt.toISOString(),
    review_evidence: send.reviewEvidence ?? null,
  };
}

/** The organization's sends held for review, newest first, each with its withdrawal. */
export async function sendsNeedingReview(orgId: number): Promise<ChainSendRecord[]> {
  const database = await db();
  const rows = await database
    .select({ send: chainSends, withdrawalId: withdrawals.id })
    .from(chainSends)
    .leftJoin(withdrawals, eq(withdrawals.sendId, chainSends.id))
    .where(and(eq(chainSends.orgId, orgId), eq(chainSends.status, "needs_review")))
    .orderBy(desc(chainSends.createdAt))
    .limit(LISTED);
  return rows.map((row) => serializeChainSend(row.send, row.withdrawalId));
}

/** The organization's send `id` as it is now, or 404. */
export async function chainSendOrThrow(scope: DbOrTx, orgId: number, id: string): Promise<{ send: SendRow; withdrawalId: string | null }> {
  const [row] = await scope
    .select({ send: chainSends, withdrawalId: withdrawals.id })
    .from(chainSends)
    .leftJoin(withdrawals, eq(withdrawals.sendId, chainSends.id))
    .where(and(eq(chainSends.orgId, orgId), eq(chainSends.id, id)));
  if (!row) throw notFound("Chain send");
  return row;
}

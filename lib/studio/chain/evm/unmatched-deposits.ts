import "server-only";
// Transfers that reached one of our deposit addresses at depth but pay nothing: a token other than
// the payment's (USDT to a USDC payment's address), a record that takes no funds any more
// (rejected, already refunded…), an address the service holds no HD index for, so it could
// never move what arrived, or one the verifying node disputes (deposit-verification.ts: its record
// goes to review as well). The money is (or may be) on the address all the same, so nothing may be silent:
// each is set aside once, in the transaction that claims it from `seen` (its status says why),
// with an audit row and a `<record>.unmatched_deposit` webhook, and is listed by
// GET /chains/unmatched-deposits and counted on GET /chains for an operator to return the funds.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "@/lib/db/client";
import { log } from "@/lib/observability/log";
import { chainDeposits } from "@/lib/studio/db/chain-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { WORKFLOW_OWNERS } from "@/lib/studio/workflow/owners";
import { lockIntentByPayment, type AnyOwner, type Intent, type OwnerTable } from "@/lib/studio/workflow/owner";
import { SYSTEM_OPERATOR, transition } from "@/lib/studio/workflow/transition";
import { coversDue, receivedFacts } from "@/lib/studio/payment-intents/status";
import { parseUnits } from "@/lib/studio/core/money";
import { queueNewsEvent } from "@/lib/studio/webhooks/outbox";
import { unitOfWork } from "@/lib/studio/core/unit-of-work";
import { configuredChain } from "@/lib/studio/chain/evm/rpc-chains";
import { address, amountText, dateTimeText, txHash, unixTime } from "@/lib/studio/core/records";

/** Why a transfer paid nothing, as its deposit row's status. */
export const SET_ASIDE = {
  /** A configured token other than the payment's own. */
  wrong_token: "unmatched",
  /** The record takes no funds now (the deposit recorder refused it). */
  refused: "refused",
  /** The address has no HD index: the service cannot sign for it, so it can neither sweep nor return. */
  no_key: "unkeyed",
  /** The verifying node (CHAIN_<ID>_VERIFY_RPC_URL) contradicts it or lacks it: its record goes to review. */
  unverified: "disputed",
} as const;
export type SetAsideReason = keyof typeof SET_ASIDE;
const REASON_OF_STATUS = new Map(Object.entries(SET_ASIDE).map(([reason, status]) => [status as string, reason as SetAsideReason]));
export const SET_ASIDE_STATUSES: string[] = Object.values(SET_ASIDE);

type DepositRow = typeof chainDeposits.$inferSelect;

export type SetAside = { deposit: DepositRow; reason: SetAsideReason; note: string };

/**
 * Moves each deposit from seen to set aside for its reason, with its audit row and webhook, all
 * in one transaction; one that another round claimed first is passed over (each is set aside once).
 */
export async function setDepositsAside(asides: SetAside[], now: Date): Promise<void> {
  if (asides.length === 0) return;
  const done = await unitOfWork(async (tx) => {
    const claimedIds = new Set<number>();
    for (const { deposit, reason, note } of asides) {
      const [claimed] = await tx
        .update(chainDeposits)
        .set({ status: SET_ASIDE[reason], note: note.slice(0, 500) })
        .where(and(eq(chainDeposits.id, deposit.id), eq(chainDeposits.status, "seen")))
        .returning();
      if (!claimed) continue;
      await announce(tx, claimed, reason, note, now);
      claimedIds.add(claimed.id);
    }
    return asides.filter((aside) => claimedIds.has(aside.deposit.id));
  });
  // Logged once: the row left `seen`, so no later round meets it again.
  for (const { deposit, reason, note } of done) {
    log.warn({ chain: deposit.chainId, tx_hash: deposit.txHash, log_index: deposit.logIndex, reason }, `transfer set aside: ${note}`);
  }
}

async function announce(tx: Tx, deposit: DepositRow, reason: SetAsideReason, note: string, now: Date): Promise<void> {
  const details = { reason, note, ...transferFacts(deposit) };
  for (const owner of WORKFLOW_OWNERS) {
    const current = await lockIntentByPayment(tx, owner, deposit.paymentIntentId);
    if (!current) continue;
    await recordAudit(tx, { orgId: deposit.orgId, actorUid: null, action: `${owner.type}.unmatched_deposit`, objectType: owner.type, objectId: current.row.id, details, now });
    // A disputed transfer that would have moved the record (paid it, or completed it) moves it to
    // review instead; its status change is the event. One that could not have is only announced.
    if (reason === "unverified" && wouldMove(owner, current, deposit)) {
      await transition(tx, owner, { current, action: "flag_payment", operatorUid: SYSTEM_OPERATOR, reason: note, payment: receivedFacts(current.paymentIntent), now });
      return;
    }
    // News, not a status change: the organization's endpoints, never the record's callback_url.
    await queueNewsEvent(tx, owner, current, `${owner.type}.unmatched_deposit`, details, now);
    return;
  }
  // An address with no record owning it: the audit row names the payment intent.
  await recordAudit(tx, { orgId: deposit.orgId, actorUid: null, action: "payment_intent.unmatched_deposit", objectType: "payment_intent", objectId: deposit.paymentIntentId, details, now });
}

/** Whether crediting `deposit` would have changed the record's status (as the deposit recorder decides), and review can take it. */
function wouldMove(owner: AnyOwner, current: Intent<OwnerTable>, deposit: DepositRow): boolean {
  const pi = current.paymentIntent;
  const facts = receivedFacts(pi);
  const covers = coversDue({ receivedUnits: facts.receivedUnits + parseUnits(deposit.amount, pi.decimals), dueUnits: facts.dueUnits });
  const effect = owner.machine.transferEffect(current.row.status, { late: false, covers });
  return effect !== "record" && effect !== "refuse" && owner.machine.canApply("flag_payment", current.row.status, facts);
}

function transferFacts(deposit: DepositRow) {
  return {
    chain_id: deposit.chainId,
    tx_hash: deposit.txHash,
    log_index: deposit.logIndex,
    block_number: deposit.blockNumber,
    from_address: deposit.fromAddress,
    token_address: deposit.tokenAddress,
    amount: deposit.amount,
  };
}

export const unmatchedDepositSchema = z.object({
  chain_id: z.string().meta({ example: "arb" }),
  tx_hash: txHash,
  log_index: z.number().int().meta({ example: 3 }),
  block_number: z.number().int().meta({ example: 241_500_101 }),
  block_timestamp: unixTime,
  from_address: z.string().meta({ description: "Who sent it: where the funds go back", example: "0x8ba1f109551bD432803012645Ac136ddd64DBA72" }),
  to_address: z.string().meta({ description: "The deposit address that holds the funds", example: "0x2f1bE2a1b3C4d5E6f708192A3b4C5d6E7f809102" }),
  token_address: address("0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
  token_symbol: z.string().nullable().meta({ description: "The token's symbol on this chain (null: not a configured token any more)", example: "USDT" }),
  amount: amountText("10"),
  payment_intent_id: z.string().meta({ description: "The payment whose deposit address it reached", example: "pi_01HZX3J5G7K9M2N4P6Q8R0S2T4" }),
  reason: z.enum(Object.keys(SET_ASIDE) as [SetAsideReason, ...SetAsideReason[]]).meta({
    description:
      "wrong_token: a configured token other than the payment's own; refused: the record takes no funds now (closed, refunded…); no_key: the address has no HD index, so the service cannot move the funds; unverified: the verifying node (CHAIN_<ID>_VERIFY_RPC_URL) has another block hash or no such log, so it was not credited and its record went to review",
  }),
  note: z.string().nullable().meta({ example: "10 USDT reached the address of a USDC payment; it does not pay it" }),
  seen_at: dateTimeText,
});
export type UnmatchedDeposit = z.infer<typeof unmatchedDepositSchema>;

/** At most this many, newest first: an operator returns them and they are not deleted, so the list is bounded. */
const LIST_LIMIT = 500;

/** The organization's set-aside transfers, newest first. */
export async function listUnmatchedDeposits(input: { principal: Principal }): Promise<UnmatchedDeposit[]> {
  const database = await db();
  const rows = await database
    .select({ deposit: chainDeposits, toAddress: paymentIntents.paymentAddress })
    .from(chainDeposits)
    .innerJoin(paymentIntents, eq(paymentIntents.id, chainDeposits.paymentIntentId))
    .where(and(eq(chainDeposits.orgId, input.principal.orgId), inArray(chainDeposits.status, SET_ASIDE_STATUSES)))
    .orderBy(desc(chainDeposits.blockNumber), desc(chainDeposits.id))
    .limit(LIST_LIMIT);
  return rows.map(({ deposit, toAddress }) => ({
    chain_id: deposit.chainId,
    tx_hash: deposit.txHash,
    log_index: deposit.logIndex,
    block_number: deposit.blockNumber,
    block_timestamp: deposit.blockTimestamp,
    from_address: deposit.fromAddress,
    to_address: toAddress ?? "",
    token_address: deposit.tokenAddress,
    token_symbol: tokenSymbol(deposit.chainId, deposit.tokenAddress),
    amount: deposit.amount,
    payment_intent_id: deposit.paymentIntentId,
    reason: REASON_OF_STATUS.get(deposit.status)!,
    note: deposit.note,
    seen_at: deposit.createdAt.toISOString(),
  }));
}

export function tokenSymbol(chainId: string, tokenAddress: string): string | null {
  const chain = configuredChain(chainId);
  const token = chain && Object.values(chain.tokens).find((candidate) => candidate.address.toLowerCase() === tokenAddress.toLowerCase());
  return token ? token.symbol : null;
}

/** Per chain, per reason: how many of the organization's transfers are set aside. */
export async function countUnmatchedDeposits(orgId: number): Promise<Array<{ chainId: string; reason: SetAsideReason; count: number }>> {
  const database = await db();
  const rows = await database
    .select({ chainId: chainDeposits.chainId, status: chainDeposits.status, count: sql<number>`count(*)::int` })
    .from(chainDeposits)
    .where(and(eq(chainDeposits.orgId, orgId), inArray(chainDeposits.status, SET_ASIDE_STATUSES)))
    .groupBy(chainDeposits.chainId, chainDeposits.status);
  return rows.map((row) => ({ chainId: row.chainId, reason: REASON_OF_STATUS.get(row.status)!, count: row.count }));
}

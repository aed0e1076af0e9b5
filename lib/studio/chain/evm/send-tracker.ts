import "server-only";
// Follows each broadcast send on an RPC chain to its end. Mined and `confirmations` deep: confirmed.
// Reverted, or its nonce taken by a transaction that is none of its versions: failed, and what it
// took from the ledger is restored by a compensating entry, with an audit row for an operator;
// nothing is retried with new money. Not mined in time: signed again with the same nonce and a
// higher fee, so whichever version is mined is the one transfer, and the records' hashes follow
// the version that was mined. Neither a re-broadcast nor a replacement trusts the row: both check
// its binding first (bound-transaction.ts), and a replacement is rebuilt from the bound fields.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { keccak256, type Hex, type TransactionReceipt } from "viem";
import { db, type Tx } from "@/lib/db/client";
import { chainTuning } from "@/lib/env";
import { ledgerEntries, withdrawals } from "@/lib/studio/db/balances-schema";
import { chainSends } from "@/lib/studio/db/chain-schema";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { formatUnits, parseSignedUnits } from "@/lib/studio/core/money";
import { unitOfWork } from "@/lib/studio/core/unit-of-work";
import type { SendRow } from "@/lib/studio/chain/adapter";
import { quarantineOnViolation } from "@/lib/studio/chain/quarantine";
import { boundSigner, signBound, verifiedSend, type Fees } from "@/lib/studio/chain/evm/bound-transaction";
import { currentFees, resendStored, sendRaw } from "@/lib/studio/chain/evm/rpc-adapter";
import { rpcChains, type RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { shortReason } from "@/lib/studio/chain/evm/start-checks";
import { isFinal } from "@/lib/studio/chain/evm/finality";

const BATCH = 200;
/** A replacement must outbid the transaction it replaces; nodes ask for at least 10 % more. */
const REPLACEMENT_BUMP_PERCENT = 125n;

export type TrackResult = { chainId: string; confirmed: number; failed: number; replaced: number; error?: string };

export async function trackRpcSends(now: Date = new Date()): Promise<TrackResult[]> {
  const results: TrackResult[] = [];
  for (const rpc of rpcChains()) {
    const result: TrackResult = { chainId: rpc.chain.id, confirmed: 0, failed: 0, replaced: 0 };
    try {
      await trackChain(rpc, now, result);
    } catch (error) {
      result.error = shortReason(error);
    }
    results.push(result);
  }
  return results;
}

async function trackChain(rpc: RpcChain, now: Date, result: TrackResult): Promise<void> {
  const database = await db();
  const sent = await database
    .select()
    .from(chainSends)
    .where(and(eq(chainSends.chainId, rpc.chain.id), eq(chainSends.status, "sent")))
    .orderBy(asc(chainSends.createdAt))
    .limit(BATCH);
  if (sent.length === 0) return;
  const head = Number(await rpc.client.getBlockNumber({ cacheTime: 0 }));
  const minedNonces = new Map<string, number>();
  for (const send of sent) {
    const receipt = await findReceipt(rpc, send);
    if (receipt) {
      if (receipt.status === "reverted") {
        await failSend(send, `reverted in block ${receipt.blockNumber} (${receipt.transactionHash})`, now, receipt.transactionHash);
        result.failed += 1;
        continue;
      }
      const minedBlock = Number(receipt.blockNumber);
      const confirmed = await isFinal(rpc, minedBlock, head);
      await unitOfWork(async (tx) => {
        // Replaced at least once: whichever version was mined, the records name it from now on.
        if ((send.txHashes?.length ?? 1) > 1 && send.minedBlock === null) await followMinedHash(tx, send, receipt.transactionHash);
        await tx
          .update(chainSends)
          .set({ minedBlock, ...(confirmed ? { status: "confirmed", confirmedAt: now } : {}) })
          .where(and(eq(chainSends.id, send.id), eq(chainSends.status, "sent")));
      });
      if (confirmed) result.confirmed += 1;
      continue;
    }
    // Not mined (or mined and then taken away by a reorg): is its nonce spent by something else?
    const from = send.fromAddress as Hex;
    if (!minedNonces.has(from)) minedNonces.set(from, await rpc.client.getTransactionCount({ address: from, blockTag: "latest" }));
    if (minedNonces.get(from)! > (send.nonce ?? 0)) {
      // The nonce was mined, but by none of this send's versions (receipts are looked up above).
      await failSend(send, `dropped: nonce ${send.nonce} of ${from} was used by another transaction`, now);
      result.failed += 1;
      continue;
    }
    if (send.minedBlock !== null) await database.update(chainSends).set({ minedBlock: null }).where(eq(chainSends.id, send.id));
    if (send.sentAt && now.getTime() - send.sentAt.getTime() >= chainTuning.CHAIN_REPLACE_AFTER_MS) {
      if (await replaceSend(rpc, send, now)) result.replaced += 1;
    } else {
      // The node may have forgotten it (a restart, a full mempool): the same bytes again.
      await resendStored(rpc, send, now);
    }
  }
}

async function findReceipt(rpc: RpcChain, send: SendRow): Promise<TransactionReceipt | undefined> {
  for (const hash of send.txHashes ?? [send.txHash]) {
    try {
      return await rpc.client.getTransactionReceipt({ hash: hash as Hex });
    } catch (error) {
      if ((error as Error).name !== "TransactionReceiptNotFoundError") throw error;
    }
  }
  return undefined;
}

/**
 * The bound transaction (nonce, recipient, amount) signed again at a higher fee; every version
 * stays on record. Whether it was: a row failing its custody check is quarantined instead.
 */
async function replaceSend(rpc: RpcChain, send: SendRow, now: Date): Promise<boolean> {
  const database = await db();
  const rawTx = await quarantineOnViolation(send, "replacement", now, async () => {
    const { binding, stored: previous } = await verifiedSend(rpc, send);
    const fees = bumpedFees(previous, await currentFees(rpc));
    return signBound(rpc, await boundSigner(database, binding), binding, send.bindingMac, fees);
  });
  if (!rawTx) return false;
  const txHash = keccak256(rawTx);
  // Stored before it is broadcast, like the first version: a crash here re-broadcasts these bytes.
  await database
    .update(chainSends)
    .set({ rawTx, txHash, txHashes: [...(send.txHashes ?? [send.txHash]), txHash], sentAt: now })
    .where(and(eq(chainSends.id, send.id), eq(chainSends.status, "sent")));
  await sendRaw(rpc, rawTx);
  return true;
}

/** A replacement must outbid the version it replaces, and offer at least today's fee. */
function bumpedFees(previous: Partial<Fees>, current: Fees): Fees {
  const bump = (old: bigint | undefined, now: bigint) => {
    const raised = ((old ?? 0n) * REPLACEMENT_BUMP_PERCENT + 99n) / 100n;
    return raised > now ? raised : now;
  };
  const maxPriorityFeePerGas = bump(previous.maxPriorityFeePerGas, current.maxPriorityFeePerGas);
  const maxFeePerGas = bump(previous.maxFeePerGas, current.maxFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas: maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : maxPriorityFeePerGas };
}

/** The records that named an earlier version of the send now name the one that was mined. */
async function followMinedHash(tx: Tx, send: SendRow, mined: Hex): Promise<void> {
  const versions = (send.txHashes ?? [send.txHash]).filter((hash) => hash !== mined);
  if (send.paymentIntentId && versions.length > 0) {
    for (const column of ["aggregation_tx_hash", "refund_tx_hash", "partial_refund_tx_hash"] as const) {
      await tx.execute(
        sql`UPDATE payment_intents SET ${sql.identifier(column)} = ${mined} WHERE id = ${send.paymentIntentId} AND ${sql.identifier(column)} IN (${sql.join(versions.map((hash) => sql`${hash}`), sql`, `)})`,
      );
    }
  }
  await tx.update(withdrawals).set({ txHash: mined }).where(eq(withdrawals.sendId, send.id));
  await tx.update(chainSends).set({ txHash: mined }).where(eq(chainSends.id, send.id));
}

/**
 * A send that will never happen: marked failed, what it took from the ledger given back (a
 * withdrawal's debit, a refund's), sends that waited for it (its token send, after a failed gas
 * top-up) failed with it, and each named in the audit log for an operator.
 */
async function failSend(send: SendRow, reason: string, now: Date, minedHash?: Hex): Promise<void> {
  await unitOfWork(async (tx) => {
    const [failed] = await tx
      .update(chainSends)
      .set({ status: "failed", lastError: reason.slice(0, 500), ...(minedHash ? { txHash: minedHash } : {}) })
      .where(and(eq(chainSends.id, send.id), inArray(chainSends.status, ["pending", "sent"])))
      .returning();
    if (!failed) return;
    const restored = await restoreLedger(tx, failed, now);
    await recordAudit(tx, {
      orgId: failed.orgId,
      actorUid: null,
      action: "chain_send.failed",
      objectType: "chain_send",
      objectId: failed.id,
      details: { reason, purpose: failed.purpose, chain_id: failed.chainId, tx_hash: failed.txHash, payment_intent_id: failed.paymentIntentId, ledger_restored: restored },
      now,
    });
    const waiting = await tx.select().from(chainSends).where(and(eq(chainSends.afterSendId, failed.id), eq(chainSends.status, "pending")));
    for (const dependent of waiting) await failSend(dependent, `its gas top-up ${failed.id} failed (${reason})`, now);
  });
}

/** The ledger debits this send paid out (a withdrawal, a refund), credited back once. */
async function restoreLedger(tx: Tx, send: SendRow, now: Date): Promise<string> {
  const debits = await tx
    .select()
    .from(ledgerEntries)
    .where(
      send.purpose === "withdrawal"
        ? sql`${ledgerEntries.withdrawalId} IN (SELECT id FROM withdrawals WHERE send_id = ${send.id})`
        : send.purpose === "refund" && send.paymentIntentId
          ? and(eq(ledgerEntries.paymentIntentId, send.paymentIntentId), eq(ledgerEntries.kind, "payment_refund"))
          : sql`false`,
    );
  let restored = 0n;
  let decimals = 0;
  for (const entry of debits) {
    const units = -parseSignedUnits(entry.amount, entry.decimals);
    if (units <= 0n) continue;
    decimals = entry.decimals;
    await tx
      .insert(ledgerEntries)
      .values({
        orgId: entry.orgId,
        chainId: entry.chainId,
        tokenAddress: entry.tokenAddress,
        symbol: entry.symbol,
        decimals: entry.decimals,
        amount: formatUnits(units, entry.decimals),
        kind: "send_failed",
        paymentIntentId: entry.paymentIntentId,
        withdrawalId: entry.withdrawalId,
        reference: `send_failed:${send.id}:${entry.id}`,
        createdAt: now,
      })
      .onConflictDoNothing();
    restored += units;
  }
  return formatUnits(restored, decimals);
}

import "server-only";
// Follows each broadcast send on an RPC chain to its end, one process per chain at a time (its
// send-tracker lease). Mined and `confirmations` deep: confirmed. Reverted: failed, and what it
// took from the ledger is restored by a compensating entry, with an audit row for an operator;
// nothing is retried with new money. Its nonce used while none of its versions has a receipt:
// held for a person (needs_review), never credited back by this code. Not mined in time: signed
// again with the same nonce and a higher fee, so whichever version is mined is the one transfer,
// and the records' hashes follow the version that was mined. Neither a re-broadcast nor a
// replacement trusts the row: both check its binding first (bound-transaction.ts), and a
// replacement is rebuilt from the bound fields.
import { and, asc, eq } from "drizzle-orm";
import { keccak256, type Hex, type TransactionReceipt } from "viem";
import { db } from "@/lib/db/client";
import { chainTuning } from "@/lib/env";
import { chainSends, type ReviewEvidence } from "@/lib/studio/db/chain-schema";
import { unitOfWork } from "@/lib/studio/core/unit-of-work";
import type { SendRow } from "@/lib/studio/chain/adapter";
import { quarantineOnViolation } from "@/lib/studio/chain/quarantine";
import { boundSigner, signBound, verifiedSend, type Fees } from "@/lib/studio/chain/evm/bound-transaction";
import { currentFees, resendStored, sendRaw } from "@/lib/studio/chain/evm/rpc-adapter";
import { rpcChains, type RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { shortReason } from "@/lib/studio/chain/evm/start-checks";
import { isFinal } from "@/lib/studio/chain/evm/finality";
import { keepLease, LeaseLostError, requireLease, takeChainLease, underLease, type ChainLease } from "@/lib/studio/chain/evm/chain-lease";
import { failSend, followMinedHash, holdForReview, unchangedSince } from "@/lib/studio/chain/evm/send-outcomes";

const BATCH = 200;
/** A replacement must outbid the transaction it replaces; nodes ask for at least 10 % more. */
const REPLACEMENT_BUMP_PERCENT = 125n;

export type TrackResult = {
  chainId: string;
  confirmed: number;
  failed: number;
  replaced: number;
  /** Sends whose nonce was used with no receipt for any of their versions: held for a person (needs_review). */
  held: number;
  /** Another process holds this chain's send tracker: it did the chain's work this round. */
  heldElsewhere?: true;
  error?: string;
};

export async function trackRpcSends(now: Date = new Date()): Promise<TrackResult[]> {
  const results: TrackResult[] = [];
  for (const rpc of rpcChains()) {
    const result: TrackResult = { chainId: rpc.chain.id, confirmed: 0, failed: 0, replaced: 0, held: 0 };
    try {
      const lease = await takeChainLease(rpc.chain.id, "send_tracker");
      if (lease) await trackChain(rpc, now, result, lease);
      else result.heldElsewhere = true;
    } catch (error) {
      if (error instanceof LeaseLostError) result.heldElsewhere = true;
      else result.error = shortReason(error);
    }
    results.push(result);
  }
  return results;
}

/**
 * One round over the chain's broadcast sends, under its send-tracker lease: every write names the
 * lease and the row as it was read, so a tracker that lost the lease, or a row that moved since
 * it was read, changes nothing (the next round reads it again).
 */
async function trackChain(rpc: RpcChain, now: Date, result: TrackResult, lease: ChainLease): Promise<void> {
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
    await keepLease(lease);
    const receipt = await findReceipt(rpc, send);
    if (receipt) {
      if (receipt.status === "reverted") {
        const reason = `reverted in block ${receipt.blockNumber} (${receipt.transactionHash})`;
        const { failed } = await unitOfWork(async (tx) => {
          await requireLease(tx, lease);
          return failSend(tx, send, reason, now, { where: unchangedSince(send), minedHash: receipt.transactionHash });
        });
        if (failed) result.failed += 1;
        continue;
      }
      const minedBlock = Number(receipt.blockNumber);
      const confirmed = await isFinal(rpc, minedBlock, head);
      await unitOfWork(async (tx) => {
        await requireLease(tx, lease);
        const [moved] = await tx
          .update(chainSends)
          .set({ minedBlock, txHash: receipt.transactionHash, ...(confirmed ? { status: "confirmed", confirmedAt: now } : {}) })
          .where(unchangedSince(send))
          .returning({ id: chainSends.id });
        // Replaced at least once: whichever version was mined, the records name it from now on.
        if (moved && (send.txHashes?.length ?? 1) > 1 && send.minedBlock === null) await followMinedHash(tx, send, receipt.transactionHash);
        if (moved && confirmed) result.confirmed += 1;
      });
      continue;
    }
    // Not mined (or mined and then taken away by a reorg): is its nonce spent by something else?
    const from = send.fromAddress as Hex;
    if (!minedNonces.has(from)) minedNonces.set(from, await rpc.client.getTransactionCount({ address: from, blockTag: "latest" }));
    if (minedNonces.get(from)! > (send.nonce ?? 0)) {
      // A version mined between the receipt lookup and the nonce read is no mystery: asked again
      // after the nonce, its receipt is there, and the next round follows it.
      if (await findReceipt(rpc, send)) continue;
      // The nonce was mined, but by none of the versions this row knows of. One it does not know
      // (signed by a tracker whose write was lost) may have paid it: a person decides, never this.
      const evidence: ReviewEvidence = {
        reason: "nonce_used_without_receipt",
        tx_hashes: send.txHashes ?? [send.txHash],
        nonce: send.nonce ?? 0,
        chain_nonce: minedNonces.get(from)!,
        head_block: head,
        mined_block: send.minedBlock,
        observed_at: now.toISOString(),
      };
      const held = await unitOfWork(async (tx) => {
        await requireLease(tx, lease);
        return holdForReview(tx, send, evidence, now);
      });
      if (held) result.held += 1;
      continue;
    }
    if (send.minedBlock !== null) {
      const [moved] = await database
        .update(chainSends)
        .set({ minedBlock: null })
        .where(and(unchangedSince(send), underLease(lease)))
        .returning({ id: chainSends.id });
      if (!moved) continue;
    }
    if (send.sentAt && now.getTime() - send.sentAt.getTime() >= chainTuning.CHAIN_REPLACE_AFTER_MS) {
      if (await replaceSend(rpc, send, now, lease)) result.replaced += 1;
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
async function replaceSend(rpc: RpcChain, send: SendRow, now: Date, lease: ChainLease): Promise<boolean> {
  const database = await db();
  const rawTx = await quarantineOnViolation(send, "replacement", now, async () => {
    const { binding, stored: previous } = await verifiedSend(rpc, send);
    const fees = bumpedFees(previous, await currentFees(rpc));
    return signBound(rpc, await boundSigner(database, binding), binding, send.bindingMac, fees);
  });
  if (!rawTx) return false;
  const txHash = keccak256(rawTx);
  // Stored before it is broadcast, like the first version: a crash here re-broadcasts these bytes.
  // Only over the row as it was read, under the lease: a version signed that is not on record
  // is never broadcast, so every version that can be mined is one the records know.
  const [stored] = await database
    .update(chainSends)
    .set({ rawTx, txHash, txHashes: [...(send.txHashes ?? [send.txHash]), txHash], sentAt: now })
    .where(and(unchangedSince(send), underLease(lease)))
    .returning({ id: chainSends.id });
  if (!stored) return false;
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

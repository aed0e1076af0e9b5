// Money in on an RPC chain: follows the node's head, reads the configured tokens' Transfer logs in
// block ranges and keeps those whose `to` is a deposit address of ours. The log filter names only
// the token contracts (never the addresses), so the cost does not grow with the number watched;
// each range's `to` values are matched against the database's index instead.
//
// A transfer is stored once per (chain, tx, log) as `seen`, and handed to the deposit recorder
// only at its confirmation depth (its block counts as the first). Each scanned block's hash is
// kept while it is recent: a hash that no longer matches the node's is a reorg, and the scanner
// rolls back to the newest block that still matches, dropping what vanished before it counted.
import { and, desc, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import { getAddress, type Hex } from "viem";
import { db, type Tx } from "@/lib/db/client";
import { chainDeposits, chainScannedBlocks, chainScanState, paymentIntents } from "@/lib/studio/db/schema";
import { formatUnits } from "@/lib/studio/money";
import { StudioError } from "@/lib/studio/errors";
import { recordTransfer } from "@/lib/studio/deposits/record-transfer";
import { unitOfWork } from "@/lib/studio/unit-of-work";
import { chainTuning } from "@/lib/env";
import { rpcChains, type RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { reverseVanishedDeposit } from "@/lib/studio/chain/evm/reversals";
import { shortReason } from "@/lib/studio/chain/evm/start-checks";

// keccak256("Transfer(address,address,uint256)")
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** Blocks kept beyond the depth: a reorg is found as long as its fork point is among them. */
const HASH_MARGIN = 64;
/** Logs one eth_getLogs should return: the next range is sized from the last one's density. */
const TARGET_LOGS = 10_000;
const TOO_BIG = /more than|too many|limit|exceed|too large|range/i;
/** Addresses per lookup of the deposit-address index. */
const MATCH_CHUNK = 5_000;

type RawLog = { address: Hex; topics: Hex[]; data: Hex; blockNumber: Hex; blockHash: Hex; transactionHash: Hex; logIndex: Hex; removed?: boolean };
type ScanProgress = { range: number; failures: number; retryAt: number };

// Per process: the range size that last worked and the back-off after failures, per chain.
const progress = new Map<string, ScanProgress>();

export type ScanResult = { chainId: string; head: number; scanned: number; credited: number; error?: string; backingOff?: boolean };

/** One scan round over every RPC chain; a chain whose node fails is retried later, the others go on. */
export async function scanRpcChains(now: Date = new Date()): Promise<ScanResult[]> {
  const results: ScanResult[] = [];
  for (const rpcChain of rpcChains()) results.push(await scanChain(rpcChain, now));
  return results;
}

/**
 * Reads the next range of `rpcChain` (or repairs a reorg), then credits what reached its depth.
 * Errors are kept in the result (and halve the range, with a growing pause), never thrown.
 */
export async function scanChain(rpcChain: RpcChain, now: Date = new Date()): Promise<ScanResult> {
  const chainId = rpcChain.chain.id;
  const state = progress.get(chainId) ?? { range: chainTuning.CHAIN_SCAN_MAX_RANGE, failures: 0, retryAt: 0 };
  progress.set(chainId, state);
  const result: ScanResult = { chainId, head: -1, scanned: -1, credited: 0 };
  if (Date.now() < state.retryAt) return { ...result, backingOff: true };
  try {
    const head = Number(await rpcChain.client.getBlockNumber({ cacheTime: 0 }));
    result.head = head;
    const scanned = await scanNextRange(rpcChain, head, state);
    result.scanned = scanned;
    result.credited = await creditAtDepth(rpcChain, head, now);
    state.failures = 0;
    return result;
  } catch (error) {
    state.range = Math.max(1, Math.floor(state.range / 2));
    // A range too big for the provider ("query returned more than 10000 results", a response
    // over the size limit) is asked again at once, smaller; anything else (a node that is down,
    // a timeout) waits longer each time, up to a minute.
    if (!TOO_BIG.test(String(error)) || state.range === 1) {
      state.failures += 1;
      state.retryAt = Date.now() + Math.min(60_000, 250 * 2 ** Math.min(state.failures, 8));
    }
    return { ...result, error: shortReason(error) };
  }
}

/** Where the scanner of `chainId` stands, or undefined before its first scan. */
export async function scanPosition(chainId: string) {
  const database = await db();
  const [row] = await database.select().from(chainScanState).where(eq(chainScanState.chainId, chainId));
  return row;
}

async function scanNextRange(rpcChain: RpcChain, head: number, state: ScanProgress): Promise<number> {
  const chainId = rpcChain.chain.id;
  const database = await db();
  const position = await scanPosition(chainId);
  if (!position) {
    // The first start follows the chain from its current head: no deposit address existed before.
    const block = await rpcChain.client.getBlock({ blockNumber: BigInt(head) });
    await database.transaction(async (tx) => {
      await tx.insert(chainScanState).values({ chainId, scannedBlock: head, headBlock: head }).onConflictDoNothing();
      await tx.insert(chainScannedBlocks).values({ chainId, number: head, hash: block.hash }).onConflictDoNothing();
    });
    return head;
  }
  const forkPoint = await findForkPoint(rpcChain, position.scannedBlock, head);
  if (forkPoint !== undefined) {
    await rollBack(rpcChain, forkPoint, head);
    return forkPoint;
  }
  const from = position.scannedBlock + 1;
  if (from > head) {
    await database.update(chainScanState).set({ headBlock: head, updatedAt: new Date() }).where(eq(chainScanState.chainId, chainId));
    return position.scannedBlock;
  }
  const to = Math.min(head, from + state.range - 1);
  const logs = (await rpcChain.client.request({
    method: "eth_getLogs",
    params: [{ address: Object.values(rpcChain.chain.tokens).map((token) => token.address as Hex), topics: [TRANSFER_TOPIC], fromBlock: toHex(from), toBlock: toHex(to) }],
  })) as RawLog[];
  // Hashes are kept for the blocks a reorg may still reach, and for the range's last block (the
  // next round checks it); older ranges of a catch-up keep only that one.
  const keepFrom = Math.max(from, head - rpcChain.confirmations - HASH_MARGIN + 1);
  const hashes = new Map<number, { hash: Hex; parentHash: Hex; timestamp: number }>();
  const numbers = new Set<number>([to]);
  for (let number = keepFrom; number <= to; number++) numbers.add(number);
  const matched = await matchDeposits(rpcChain, logs);
  for (const log of matched) numbers.add(Number(log.raw.blockNumber));
  await Promise.all(
    [...numbers].map(async (number) => {
      const block = await rpcChain.client.getBlock({ blockNumber: BigInt(number) });
      hashes.set(number, { hash: block.hash, parentHash: block.parentHash, timestamp: Number(block.timestamp) });
    }),
  );
  // The range must be one chain: a block whose parent is not the block before it, or a log from
  // a block other than the one read, means the node reorganized while we read it. Try again.
  const previous = await database
    .select({ hash: chainScannedBlocks.hash })
    .from(chainScannedBlocks)
    .where(and(eq(chainScannedBlocks.chainId, chainId), eq(chainScannedBlocks.number, position.scannedBlock)));
  const sorted = [...hashes.keys()].sort((a, b) => a - b);
  for (const number of sorted) {
    const before = number === from ? previous[0]?.hash : hashes.get(number - 1)?.hash;
    if (before && hashes.get(number)!.parentHash !== before) throw new Error(`block ${number} does not follow block ${number - 1}: the chain moved while it was read`);
  }
  for (const log of matched) {
    if (hashes.get(Number(log.raw.blockNumber))!.hash !== log.raw.blockHash) throw new Error(`log of ${log.raw.transactionHash} is from a block since replaced`);
  }

  await database.transaction(async (tx) => {
    for (const log of matched) {
      const block = hashes.get(Number(log.raw.blockNumber))!;
      await tx
        .insert(chainDeposits)
        .values({
          chainId,
          txHash: log.raw.transactionHash,
          logIndex: Number(log.raw.logIndex),
          blockNumber: Number(log.raw.blockNumber),
          blockHash: log.raw.blockHash,
          blockTimestamp: block.timestamp,
          orgId: log.orgId,
          paymentIntentId: log.paymentIntentId,
          tokenAddress: getAddress(log.raw.address),
          fromAddress: log.from,
          amount: log.amount,
        })
        // A transfer a reorg dropped may come back in another block: it is seen again there.
        .onConflictDoUpdate({
          target: [chainDeposits.chainId, chainDeposits.txHash, chainDeposits.logIndex],
          set: { blockNumber: Number(log.raw.blockNumber), blockHash: log.raw.blockHash, blockTimestamp: block.timestamp, status: "seen", note: null },
          setWhere: eq(chainDeposits.status, "dropped"),
        });
    }
    const kept = sorted.filter((number) => number >= keepFrom || number === to);
    if (kept.length > 0) {
      await tx
        .insert(chainScannedBlocks)
        .values(kept.map((number) => ({ chainId, number, hash: hashes.get(number)!.hash })))
        .onConflictDoUpdate({ target: [chainScannedBlocks.chainId, chainScannedBlocks.number], set: { hash: sql`excluded.hash` } });
    }
    await tx.delete(chainScannedBlocks).where(and(eq(chainScannedBlocks.chainId, chainId), lt(chainScannedBlocks.number, head - rpcChain.confirmations - HASH_MARGIN)));
    await tx.update(chainScanState).set({ scannedBlock: to, headBlock: head, updatedAt: new Date() }).where(eq(chainScanState.chainId, chainId));
  });
  // The next range: as many blocks as should hold TARGET_LOGS at this range's density (at most
  // twice this one, and the configured largest), so busy blocks never ask for an oversized answer.
  const span = to - from + 1;
  const fitting = logs.length === 0 ? span * 2 : Math.floor((span * TARGET_LOGS) / logs.length);
  state.range = Math.max(1, Math.min(chainTuning.CHAIN_SCAN_MAX_RANGE, span * 2, fitting));
  return to;
}

type MatchedLog = { raw: RawLog; from: string; amount: string; orgId: number; paymentIntentId: string };

/** The logs whose `to` is a deposit address on this chain, with the payment intent it belongs to. */
async function matchDeposits(rpcChain: RpcChain, logs: RawLog[]): Promise<MatchedLog[]> {
  const transfers = logs
    .filter((log) => !log.removed && log.topics.length === 3 && log.topics[0] === TRANSFER_TOPIC)
    .map((log) => ({ log, to: `0x${log.topics[2]!.slice(26)}`.toLowerCase() }));
  if (transfers.length === 0) return [];
  const owners = new Map<string, { id: string; orgId: number }>();
  const distinct = [...new Set(transfers.map((transfer) => transfer.to))];
  const database = await db();
  for (let start = 0; start < distinct.length; start += MATCH_CHUNK) {
    const chunk = distinct.slice(start, start + MATCH_CHUNK);
    const rows = await database
      .select({ id: paymentIntents.id, orgId: paymentIntents.orgId, address: sql<string>`lower(${paymentIntents.paymentAddress})` })
      .from(paymentIntents)
      .where(and(eq(paymentIntents.chainId, rpcChain.chain.id), sql`lower(${paymentIntents.paymentAddress}) = ANY(${sql.param(chunk)}::text[])`));
    for (const row of rows) owners.set(row.address, { id: row.id, orgId: row.orgId });
  }
  const decimalsOf = new Map(Object.values(rpcChain.chain.tokens).map((token) => [token.address.toLowerCase(), token.decimals]));
  return transfers.flatMap(({ log, to }) => {
    const owner = owners.get(to);
    const decimals = decimalsOf.get(log.address.toLowerCase());
    if (!owner || decimals === undefined) return [];
    return [{ raw: log, from: getAddress(`0x${log.topics[1]!.slice(26)}`), amount: formatUnits(BigInt(log.data), decimals), orgId: owner.orgId, paymentIntentId: owner.id }];
  });
}

/**
 * The newest block at or below `scannedBlock` whose stored hash the node still has, when the
 * stored tip no longer matches (or the node's head went below it); undefined when all is well.
 */
async function findForkPoint(rpcChain: RpcChain, scannedBlock: number, head: number): Promise<number | undefined> {
  const chainId = rpcChain.chain.id;
  const database = await db();
  const stored = await database
    .select()
    .from(chainScannedBlocks)
    .where(and(eq(chainScannedBlocks.chainId, chainId), lte(chainScannedBlocks.number, scannedBlock)))
    .orderBy(desc(chainScannedBlocks.number));
  const nodeHash = async (number: number) => (number > head ? undefined : (await rpcChain.client.getBlock({ blockNumber: BigInt(number) })).hash);
  const tip = stored[0];
  if (!tip || (await nodeHash(tip.number)) === tip.hash) return undefined;
  for (const block of stored.slice(1)) {
    if ((await nodeHash(block.number)) === block.hash) return block.number;
  }
  // Deeper than every hash kept: start again below the oldest one (transfers are stored once, so a rescan adds nothing twice).
  const oldest = stored.at(-1)!.number - 1;
  console.error(`[studio] chain ${chainId}: reorg deeper than the ${stored.length} blocks kept; rescanning from ${oldest + 1}`);
  return oldest;
}

/** Forgets everything above `forkPoint`: seen transfers there are dropped, credited ones reversed. */
async function rollBack(rpcChain: RpcChain, forkPoint: number, head: number): Promise<void> {
  const chainId = rpcChain.chain.id;
  await unitOfWork(async (tx) => {
    const vanished = await tx
      .select()
      .from(chainDeposits)
      .where(and(eq(chainDeposits.chainId, chainId), gt(chainDeposits.blockNumber, forkPoint), inArray(chainDeposits.status, ["seen", "credited"])))
      .for("update");
    for (const deposit of vanished) {
      if (deposit.status === "seen") {
        await tx.update(chainDeposits).set({ status: "dropped", note: `block ${deposit.blockNumber} was replaced by a reorg before the transfer reached depth` }).where(eq(chainDeposits.id, deposit.id));
        await clearSeen(tx, deposit.paymentIntentId, deposit.txHash);
      } else {
        await reverseVanishedDeposit(tx, deposit, rpcChain.confirmations);
      }
    }
    await tx.delete(chainScannedBlocks).where(and(eq(chainScannedBlocks.chainId, chainId), gt(chainScannedBlocks.number, forkPoint)));
    await tx.update(chainScanState).set({ scannedBlock: forkPoint, headBlock: head, updatedAt: new Date() }).where(eq(chainScanState.chainId, chainId));
  });
  console.error(`[studio] chain ${chainId}: reorg; rolled back to block ${forkPoint} and rescanning`);
}

/**
 * Hands every seen transfer at depth (head − block + 1 ≥ confirmations) to the deposit recorder,
 * each in its own transaction with the deposit row, so it is credited exactly once; and shows
 * the others on their record as seen, with their confirmations so far.
 */
async function creditAtDepth(rpcChain: RpcChain, head: number, now: Date): Promise<number> {
  const chainId = rpcChain.chain.id;
  const database = await db();
  const deepest = head - rpcChain.confirmations + 1;
  // One statement shows every transfer below its depth on its record, however many are waiting.
  await database.execute(sql`
    UPDATE payment_intents SET seen_tx_hash = seen.tx_hash, seen_confirmations = ${head} - seen.block_number + 1
    FROM (
      SELECT DISTINCT ON (payment_intent_id) payment_intent_id, tx_hash, block_number FROM chain_deposits
      WHERE chain_id = ${chainId} AND status = 'seen' AND block_number > ${deepest}
      ORDER BY payment_intent_id, block_number
    ) AS seen
    WHERE payment_intents.id = seen.payment_intent_id AND payment_intents.payment_tx_hash IS NULL`);
  const due = await database
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.chainId, chainId), eq(chainDeposits.status, "seen"), lte(chainDeposits.blockNumber, deepest)))
    .orderBy(chainDeposits.blockNumber, chainDeposits.logIndex);
  let credited = 0;
  for (const deposit of due) {
    try {
      const done = await unitOfWork(async (tx) => {
        const [claimed] = await tx
          .update(chainDeposits)
          .set({ status: "credited", creditedAt: now })
          .where(and(eq(chainDeposits.id, deposit.id), eq(chainDeposits.status, "seen")))
          .returning();
        if (!claimed) return false;
        await clearSeen(tx, deposit.paymentIntentId, deposit.txHash);
        await recordTransfer({
          orgId: deposit.orgId,
          to: { paymentIntentId: deposit.paymentIntentId },
          amount: deposit.amount,
          payerAddress: deposit.fromAddress,
          timestamp: deposit.blockTimestamp,
          txHash: deposit.txHash,
          now,
        });
        return true;
      });
      if (done) credited += 1;
    } catch (error) {
      if (!(error instanceof StudioError)) throw error;
      // The record takes no funds now (rejected, already refunded…): the money is on the address,
      // and the deposit says why it was not credited, for an operator to return.
      await database.update(chainDeposits).set({ status: "refused", note: error.message.slice(0, 500) }).where(eq(chainDeposits.id, deposit.id));
    }
  }
  return credited;
}

async function clearSeen(tx: Tx, paymentIntentId: string, txHash: string): Promise<void> {
  await tx.update(paymentIntents).set({ seenTxHash: null, seenConfirmations: null }).where(and(eq(paymentIntents.id, paymentIntentId), eq(paymentIntents.seenTxHash, txHash)));
}

function toHex(number: number): Hex {
  return `0x${number.toString(16)}`;
}

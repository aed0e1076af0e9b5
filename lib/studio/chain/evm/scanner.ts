import "server-only";
// Money in on an RPC chain: follows the node's head, reads the configured tokens' Transfer logs in
// block ranges and keeps those whose `to` is a deposit address of ours. The log filter names only
// the token contracts (never the addresses), so the cost does not grow with the number watched;
// each range's `to` values are matched against the deposit addresses held in memory instead
// (watched-addresses.ts), brought up to date from the database before each round.
//
// A transfer is stored once per (chain, tx, log) as `seen`, and handed to the deposit recorder
// only at its confirmation depth (its block counts as the first). Each scanned block's hash is
// kept while it is recent: a hash that no longer matches the node's is a reorg, and the scanner
// rolls back to the newest block that still matches, dropping what vanished before it counted.
import { and, desc, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import { getAddress, type Hex } from "viem";
import { db, type Tx } from "@/lib/db/client";
import { chainDeposits, chainScannedBlocks, chainScanState } from "@/lib/studio/db/chain-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { formatUnits } from "@/lib/studio/core/money";
import { StudioError } from "@/lib/studio/core/errors";
import { recordTransfer } from "@/lib/studio/deposits/record-transfer";
import { unitOfWork } from "@/lib/studio/core/unit-of-work";
import { chainTuning } from "@/lib/env";
import { rpcChains, type RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { reverseVanishedDeposit } from "@/lib/studio/chain/evm/reversals";
import { shortReason } from "@/lib/studio/chain/evm/start-checks";
import { finalBlock } from "@/lib/studio/chain/evm/finality";
import { verifyDeposits } from "@/lib/studio/chain/evm/deposit-verification";
import { watchedAddresses } from "@/lib/studio/chain/evm/watched-addresses";
import { readTransferLogs, type RawLog, type WatchedAddresses } from "@/lib/studio/chain/evm/transfer-logs";
import { SET_ASIDE_STATUSES, setDepositsAside, tokenSymbol, type SetAside } from "@/lib/studio/chain/evm/unmatched-deposits";
import { log } from "@/lib/observability/log";
import { keepLease, LeaseLostError, requireLease, takeChainLease, type ChainLease } from "@/lib/studio/chain/evm/chain-lease";

// keccak256("Transfer(address,address,uint256)")
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** Blocks kept beyond the depth: a reorg is found as long as its fork point is among them. */
const HASH_MARGIN = 64;
/** Logs one eth_getLogs should return: the next range is sized from the last one's density. */
const TARGET_LOGS = 10_000;
/**
 * Blocks of the first range, before any density is known: a busy chain's 100 blocks hold about
 * TARGET_LOGS, and the range doubles from there while its answers stay small. Asking the largest
 * range first made a busy node build (and the client refuse) answers of hundreds of thousands of logs.
 */
const FIRST_RANGE = 100;
const TOO_BIG = /more than|too many|limit|exceed|too large|range/i;
/** How long one round keeps reading ranges while behind, before the rest of the background round runs. */
const ROUND_BUDGET_MS = 2_000;
/** Ranges asked for at once ahead of the one being stored. */
const READ_AHEAD = 2;

type ScanProgress = { range: number; failures: number; retryAt: number };

// Per process: the range size that last worked and the back-off after failures, per chain.
const progress = new Map<string, ScanProgress>();

export type ScanResult = {
  chainId: string;
  head: number;
  scanned: number;
  credited: number;
  error?: string;
  backingOff?: boolean;
  /** Another process holds this chain's scanner lease: it scans the chain this round. */
  heldElsewhere?: true;
};

/**
 * One scan round over every RPC chain, each under its scanner lease (one process scans a chain at
 * a time); a chain whose node fails is retried later, the others go on.
 */
export async function scanRpcChains(now: Date = new Date()): Promise<ScanResult[]> {
  const results: ScanResult[] = [];
  for (const rpcChain of rpcChains()) {
    const idle = { chainId: rpcChain.chain.id, head: -1, scanned: -1, credited: 0 };
    try {
      const lease = await takeChainLease(rpcChain.chain.id, "scanner");
      results.push(lease ? await scanChain(rpcChain, lease, now) : { ...idle, heldElsewhere: true });
    } catch (error) {
      results.push({ ...idle, error: shortReason(error) });
    }
  }
  return results;
}

/**
 * Reads the next range of `rpcChain` (or repairs a reorg), then credits what reached its depth.
 * Errors are kept in the result (and halve the range, with a growing pause), never thrown.
 */
export async function scanChain(rpcChain: RpcChain, lease: ChainLease, now: Date = new Date()): Promise<ScanResult> {
  const chainId = rpcChain.chain.id;
  const state = progress.get(chainId) ?? { range: Math.min(FIRST_RANGE, chainTuning.CHAIN_SCAN_MAX_RANGE), failures: 0, retryAt: 0 };
  progress.set(chainId, state);
  const result: ScanResult = { chainId, head: -1, scanned: -1, credited: 0 };
  if (Date.now() < state.retryAt) return { ...result, backingOff: true };
  try {
    const head = Number(await rpcChain.client.getBlockNumber({ cacheTime: 0 }));
    result.head = head;
    const scanned = await scanNextRanges(rpcChain, head, state, lease);
    result.scanned = scanned;
    await keepLease(lease);
    result.credited = await creditAtDepth(rpcChain, head, now);
    state.failures = 0;
    return result;
  } catch (error) {
    // Taken over while this round ran: its writes were refused, and the chain is the other process's now.
    if (error instanceof LeaseLostError) return { ...result, heldElsewhere: true };
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

async function scanNextRanges(rpcChain: RpcChain, head: number, state: ScanProgress, lease: ChainLease): Promise<number> {
  const chainId = rpcChain.chain.id;
  const database = await db();
  const position = await scanPosition(chainId);
  if (!position) {
    // The first start follows the chain from its current head: no deposit address existed before.
    const block = await rpcChain.client.getBlock({ blockNumber: BigInt(head) });
    await database.transaction(async (tx) => {
      await requireLease(tx, lease);
      await tx.insert(chainScanState).values({ chainId, scannedBlock: head, headBlock: head }).onConflictDoNothing();
      await tx.insert(chainScannedBlocks).values({ chainId, number: head, hash: block.hash }).onConflictDoNothing();
    });
    return head;
  }
  const tip = await checkTip(rpcChain, position.scannedBlock, head);
  if ("forkPoint" in tip) {
    await rollBack(rpcChain, tip.forkPoint, head, lease);
    return tip.forkPoint;
  }
  if (position.scannedBlock >= head) {
    await database.update(chainScanState).set({ headBlock: head, updatedAt: new Date() }).where(eq(chainScanState.chainId, chainId));
    return position.scannedBlock;
  }
  // Read after the head: every address a transfer up to it can pay is in the database by now.
  const watched = await watchedAddresses(chainId);
  // Range after range until the head or the round's time is up, the next ones read while one is
  // checked: the node's answers and the scanner's work overlap. The ranges checked are stored
  // together at the end of the round (or before an error ends it), in one transaction: what a
  // crash loses is at most a round's reading, read again from the stored position.
  const started = Date.now();
  let scanned = { number: position.scannedBlock, hash: tip.hash };
  const checked: CheckedRange[] = [];
  const reading: Array<Promise<FetchedRange>> = [];
  let readUpTo = scanned.number;
  const readAhead = () => {
    while (reading.length < READ_AHEAD && readUpTo < head && Date.now() - started < ROUND_BUDGET_MS) {
      const read = fetchRange(rpcChain, readUpTo + 1, head, state.range, watched);
      // Read ahead: a failure there is met when it is awaited, not as an unhandled rejection now.
      read.catch(() => undefined);
      reading.push(read);
      readUpTo = Math.min(head, readUpTo + state.range);
    }
  };
  readAhead();
  try {
    while (reading.length > 0) {
      const range = await reading.shift()!;
      await keepLease(lease);
      // The next ranges: as many blocks as should hold TARGET_LOGS at this range's density (at most
      // twice this one, and the configured largest), so busy blocks never ask for an oversized answer.
      const span = range.to - range.from + 1;
      const fitting = range.count === 0 ? span * 2 : Math.floor((span * TARGET_LOGS) / range.count);
      state.range = Math.max(1, Math.min(chainTuning.CHAIN_SCAN_MAX_RANGE, span * 2, fitting));
      readAhead();
      const next = checkRange(rpcChain, range, scanned.hash, watched);
      checked.push(next);
      scanned = { number: range.to, hash: next.hash };
    }
  } finally {
    // The ranges checked before an error are sound: they are kept, and the error still ends the round.
    await storeRanges(rpcChain, checked, head, lease);
  }
  // Below the blocks a reorg may reach, except the scanned tip: the next round checks its hash.
  await database.delete(chainScannedBlocks).where(and(eq(chainScannedBlocks.chainId, chainId), lt(chainScannedBlocks.number, Math.min(scanned.number, head - rpcChain.confirmations - HASH_MARGIN))));
  return scanned.number;
}

type BlockFacts = { hash: Hex; parentHash: Hex; timestamp: number };
/** A range read from the node: its logs to watched addresses, how many logs it had in all, the headers it keeps. */
type FetchedRange = { from: number; to: number; logs: RawLog[]; count: number; blocks: Map<number, BlockFacts> };

/**
 * The logs of `from`..(at most `range` blocks, up to `head`), with the headers the range keeps
 * and those of the blocks its logs to watched addresses are in (their time is the payment's).
 */
async function fetchRange(rpcChain: RpcChain, from: number, head: number, range: number, watched: WatchedAddresses): Promise<FetchedRange> {
  const to = Math.min(head, from + range - 1);
  // Hashes are kept for the blocks a reorg may still reach, and for the range's last block (the
  // next range, or round, checks it); older ranges of a catch-up keep only that one.
  const keepFrom = Math.max(from, head - rpcChain.confirmations - HASH_MARGIN + 1);
  const numbers = new Set<number>([to]);
  for (let number = keepFrom; number <= to; number++) numbers.add(number);
  const filter = { address: Object.values(rpcChain.chain.tokens).map((token) => token.address as Hex), topics: [TRANSFER_TOPIC as Hex], fromBlock: toHex(from), toBlock: toHex(to) };
  const [{ logs, count }, blocks] = await Promise.all([readTransferLogs(rpcChain.endpoint, filter, watched), readBlocks(rpcChain, [...numbers])]);
  const missing = [...new Set(logs.map((log) => Number(log.blockNumber)))].filter((number) => !blocks.has(number));
  for (const [number, facts] of await readBlocks(rpcChain, missing)) blocks.set(number, facts);
  return { from, to, logs, count, blocks };
}

async function readBlocks(rpcChain: RpcChain, numbers: number[]): Promise<Map<number, BlockFacts>> {
  const read = await Promise.all(numbers.map((number) => rpcChain.client.getBlock({ blockNumber: BigInt(number) })));
  return new Map(read.map((block) => [Number(block.number), { hash: block.hash, parentHash: block.parentHash, timestamp: Number(block.timestamp) }]));
}

/** A range found to be one chain with the block before it: its transfers to deposit addresses and the hashes it keeps. */
type CheckedRange = { to: number; hash: Hex; matched: MatchedLog[]; blocks: Map<number, BlockFacts>; kept: number[] };

/**
 * Checks that `range` is one chain following `previousHash` (a block whose parent is not the block
 * before it, or a log from a block other than the one read, means the node reorganized while we
 * read it: the error ends the round, and the next one reads it again), and decodes its transfers.
 */
function checkRange(rpcChain: RpcChain, range: FetchedRange, previousHash: Hex | undefined, watched: WatchedAddresses): CheckedRange {
  const { from, to, blocks } = range;
  const matched = matchDeposits(rpcChain, range.logs, watched);
  const sorted = [...blocks.keys()].sort((a, b) => a - b);
  for (const number of sorted) {
    const before = number === from ? previousHash : blocks.get(number - 1)?.hash;
    if (before && blocks.get(number)!.parentHash !== before) throw new Error(`block ${number} does not follow block ${number - 1}: the chain moved while it was read`);
  }
  for (const log of matched) {
    if (blocks.get(Number(log.raw.blockNumber))!.hash !== log.raw.blockHash) throw new Error(`log of ${log.raw.transactionHash} is from a block since replaced`);
  }
  return { to, hash: blocks.get(to)!.hash, matched, blocks, kept: sorted };
}

/**
 * Stores what the checked ranges hold for us, in one transaction: their transfers to deposit
 * addresses as seen, the hashes a reorg may still reach and the last range's last one (the next
 * round starts from it), and the position after them. A range's own last block is only kept
 * while it is the newest: the blocks between are below every reorg the scanner looks for.
 */
async function storeRanges(rpcChain: RpcChain, ranges: CheckedRange[], head: number, lease: ChainLease): Promise<void> {
  const last = ranges.at(-1);
  if (!last) return;
  const chainId = rpcChain.chain.id;
  const keepFrom = head - rpcChain.confirmations - HASH_MARGIN + 1;
  const matched = ranges.flatMap((range) => range.matched.map((log) => ({ log, timestamp: range.blocks.get(Number(log.raw.blockNumber))!.timestamp })));
  const kept = ranges.flatMap((range) => range.kept.filter((number) => number >= keepFrom || number === last.to).map((number) => ({ chainId, number, hash: range.blocks.get(number)!.hash })));
  const database = await db();
  await database.transaction(async (tx) => {
    // The position moves only under the lease: a scanner that lost it cannot move it back.
    await requireLease(tx, lease);
    if (matched.length > 0) {
      await tx
        .insert(chainDeposits)
        .values(
          matched.map(({ log, timestamp }) => ({
            chainId,
            txHash: log.raw.transactionHash,
            logIndex: Number(log.raw.logIndex),
            blockNumber: Number(log.raw.blockNumber),
            blockHash: log.raw.blockHash,
            blockTimestamp: timestamp,
            orgId: log.orgId,
            paymentIntentId: log.paymentIntentId,
            tokenAddress: getAddress(log.raw.address),
            fromAddress: log.from,
            amount: log.amount,
          })),
        )
        // A transfer a reorg dropped may come back in another block: it is seen again there.
        .onConflictDoUpdate({
          target: [chainDeposits.chainId, chainDeposits.txHash, chainDeposits.logIndex],
          set: { blockNumber: sql`excluded.block_number`, blockHash: sql`excluded.block_hash`, blockTimestamp: sql`excluded.block_timestamp`, status: "seen", note: null },
          setWhere: eq(chainDeposits.status, "dropped"),
        });
    }
    if (kept.length > 0) {
      await tx
        .insert(chainScannedBlocks)
        .values(kept)
        .onConflictDoUpdate({ target: [chainScannedBlocks.chainId, chainScannedBlocks.number], set: { hash: sql`excluded.hash` } });
    }
    await tx.update(chainScanState).set({ scannedBlock: last.to, headBlock: head, updatedAt: new Date() }).where(eq(chainScanState.chainId, chainId));
  });
}

type MatchedLog = { raw: RawLog; from: string; amount: string; orgId: number; paymentIntentId: string };

/** The logs whose `to` is a deposit address on this chain, decoded from their topics and data. */
function matchDeposits(rpcChain: RpcChain, logs: RawLog[], watched: WatchedAddresses): MatchedLog[] {
  const decimalsOf = new Map(Object.values(rpcChain.chain.tokens).map((token) => [token.address.toLowerCase(), token.decimals]));
  const matched: MatchedLog[] = [];
  for (const log of logs) {
    // Transfer(address indexed from, address indexed to, uint256 value): the addresses are the
    // last 20 bytes of topics 1 and 2 (lower-case hex from the node), the value is the data.
    if (log.removed || log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC) continue;
    const owner = watched.owners.get(log.topics[2]!.slice(26).toLowerCase());
    if (!owner) continue;
    // Another configured token (USDT to a USDC payment's address) is stored all the same: it does
    // not pay the record, but the funds are on our address, and creditAtDepth sets it aside.
    const decimals = decimalsOf.get(log.address.toLowerCase());
    if (decimals === undefined) continue;
    matched.push({ raw: log, from: getAddress(`0x${log.topics[1]!.slice(26)}`), amount: formatUnits(BigInt(log.data), decimals), paymentIntentId: owner.paymentIntentId, orgId: owner.orgId });
  }
  return matched;
}

/**
 * The stored tip's hash when the node still has it; else the fork point: the newest block at or
 * below `scannedBlock` whose stored hash the node still has (or the node's head went below it).
 */
async function checkTip(rpcChain: RpcChain, scannedBlock: number, head: number): Promise<{ hash: Hex | undefined } | { forkPoint: number }> {
  const chainId = rpcChain.chain.id;
  const database = await db();
  const stored = await database
    .select()
    .from(chainScannedBlocks)
    .where(and(eq(chainScannedBlocks.chainId, chainId), lte(chainScannedBlocks.number, scannedBlock)))
    .orderBy(desc(chainScannedBlocks.number));
  const nodeHash = async (number: number) => (number > head ? undefined : (await rpcChain.client.getBlock({ blockNumber: BigInt(number) })).hash);
  const tip = stored[0];
  if (!tip) return { hash: undefined };
  if ((await nodeHash(tip.number)) === tip.hash) return { hash: tip.number === scannedBlock ? (tip.hash as Hex) : undefined };
  for (const block of stored.slice(1)) {
    if ((await nodeHash(block.number)) === block.hash) return { forkPoint: block.number };
  }
  // Deeper than every hash kept: start again below the oldest one (transfers are stored once, so a rescan adds nothing twice).
  const oldest = stored.at(-1)!.number - 1;
  log.warn({ chain: chainId }, `reorg deeper than the ${stored.length} blocks kept; rescanning from ${oldest + 1}`);
  return { forkPoint: oldest };
}

/** Forgets everything above `forkPoint`: seen transfers there are dropped, credited ones reversed. */
async function rollBack(rpcChain: RpcChain, forkPoint: number, head: number, lease: ChainLease): Promise<void> {
  const chainId = rpcChain.chain.id;
  await unitOfWork(async (tx) => {
    await requireLease(tx, lease);
    const vanished = await tx
      .select()
      .from(chainDeposits)
      .where(and(eq(chainDeposits.chainId, chainId), gt(chainDeposits.blockNumber, forkPoint), inArray(chainDeposits.status, ["seen", "credited", ...SET_ASIDE_STATUSES])))
      .for("update");
    for (const deposit of vanished) {
      if (SET_ASIDE_STATUSES.includes(deposit.status)) {
        // Set aside for an operator to return, and now gone from the chain: nothing to return.
        await tx.update(chainDeposits).set({ status: "dropped", note: `set aside (${deposit.status}), then block ${deposit.blockNumber} was replaced by a reorg deeper than the depth: the funds are no longer on the address` }).where(eq(chainDeposits.id, deposit.id));
      } else if (deposit.status === "seen") {
        await tx.update(chainDeposits).set({ status: "dropped", note: `block ${deposit.blockNumber} was replaced by a reorg before the transfer reached depth` }).where(eq(chainDeposits.id, deposit.id));
        await clearSeen(tx, deposit.paymentIntentId, deposit.txHash);
      } else {
        await reverseVanishedDeposit(tx, deposit, rpcChain.confirmations);
      }
    }
    await tx.delete(chainScannedBlocks).where(and(eq(chainScannedBlocks.chainId, chainId), gt(chainScannedBlocks.number, forkPoint)));
    await tx.update(chainScanState).set({ scannedBlock: forkPoint, headBlock: head, updatedAt: new Date() }).where(eq(chainScanState.chainId, chainId));
  });
  log.warn({ chain: chainId }, `reorg; rolled back to block ${forkPoint} and rescanning`);
}

/**
 * Hands every seen transfer at depth (head − block + 1 ≥ confirmations) to the deposit recorder,
 * each in its own transaction with the deposit row, so it is credited exactly once; and shows
 * the others on their record as seen, with their confirmations so far.
 */
async function creditAtDepth(rpcChain: RpcChain, head: number, now: Date): Promise<number> {
  const chainId = rpcChain.chain.id;
  const database = await db();
  const deepest = await finalBlock(rpcChain, head);
  // One statement shows every transfer below its depth on its record, however many are waiting.
  await database.execute(sql`
    UPDATE payment_intents SET seen_tx_hash = seen.tx_hash, seen_confirmations = ${head} - seen.block_number + 1
    FROM (
      SELECT DISTINCT ON (d.payment_intent_id) d.payment_intent_id, d.tx_hash, d.block_number
      FROM chain_deposits d JOIN payment_intents p ON p.id = d.payment_intent_id
      WHERE d.chain_id = ${chainId} AND d.status = 'seen' AND d.block_number > ${deepest} AND lower(d.token_address) = lower(p.token_address)
      ORDER BY d.payment_intent_id, d.block_number
    ) AS seen
    WHERE payment_intents.id = seen.payment_intent_id AND payment_intents.payment_tx_hash IS NULL`);
  const due = await database
    .select({ deposit: chainDeposits, token: paymentIntents.tokenAddress, addressIndex: paymentIntents.addressIndex, toAddress: paymentIntents.paymentAddress })
    .from(chainDeposits)
    .innerJoin(paymentIntents, eq(paymentIntents.id, chainDeposits.paymentIntentId))
    .where(and(eq(chainDeposits.chainId, chainId), eq(chainDeposits.status, "seen"), lte(chainDeposits.blockNumber, deepest)))
    .orderBy(chainDeposits.blockNumber, chainDeposits.logIndex);
  // What pays nothing is set aside first, all in one transaction; then each of the others is credited in its own.
  const asides = due.map(({ deposit, token, addressIndex, toAddress }) => ({ deposit, toAddress: toAddress ?? "", ...setAsideBeforeCrediting(rpcChain, deposit, token, addressIndex) }));
  // The verifying node's word on the others (when the chain has one): disputed ones are set aside too, unanswered ones wait.
  const verified = await verifyDeposits(rpcChain, asides.filter((aside) => !aside.reason));
  await setDepositsAside([...asides.filter((aside): aside is SetAside & { toAddress: string } => aside.reason !== undefined), ...verified.disputed], now);
  if (verified.waiting) log.warn({ chain: chainId }, `deposits wait for verification: ${verified.waiting}`);
  let credited = 0;
  for (const { deposit, reason } of asides) {
    if (reason || !verified.agreed.has(deposit.id)) continue;
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
      await setDepositsAside([{ deposit, reason: "refused", note: error.message }], now);
    }
  }
  return credited;
}

/**
 * Why a transfer at depth pays nothing, known before the recorder runs: a token other than the
 * payment's own (crediting it would settle the record and sweep a token the address never had),
 * or an address without an HD index (its settlement's sweep cannot be signed; failing there
 * would throw at every round and hold every later transfer of the chain behind it).
 */
function setAsideBeforeCrediting(rpcChain: RpcChain, deposit: typeof chainDeposits.$inferSelect, paymentToken: string, addressIndex: number | null): Omit<SetAside, "deposit"> | { reason?: undefined } {
  if (deposit.tokenAddress.toLowerCase() !== paymentToken.toLowerCase()) {
    const symbol = (address: string) => tokenSymbol(rpcChain.chain.id, address) ?? address;
    return { reason: "wrong_token" as const, note: `${deposit.amount} ${symbol(deposit.tokenAddress)} reached the deposit address of a ${symbol(paymentToken)} payment: it does not pay it; return it to ${deposit.fromAddress}` };
  }
  if (addressIndex === null) {
    return { reason: "no_key" as const, note: `the deposit address has no HD index, so this service cannot sign for it: the ${deposit.amount} there is not credited and must be moved by whoever holds its key` };
  }
  return {};
}

async function clearSeen(tx: Tx, paymentIntentId: string, txHash: string): Promise<void> {
  await tx.update(paymentIntents).set({ seenTxHash: null, seenConfirmations: null }).where(and(eq(paymentIntents.id, paymentIntentId), eq(paymentIntents.seenTxHash, txHash)));
}

function toHex(number: number): Hex {
  return `0x${number.toString(16)}`;
}

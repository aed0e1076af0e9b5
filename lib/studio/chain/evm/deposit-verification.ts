import "server-only";
// A second opinion before money is counted (CHAIN_<ID>_VERIFY_RPC_URL): a node that lies, or has
// been taken over, could otherwise invent a deposit and have it settled, swept and withdrawn. The
// verifying node must hold the deposit's block under the same hash and, in it, the same log: same
// transaction and log index, token, from, to and amount. Anything else is a dispute: the deposit
// is set aside (`unverified`) and its record goes to review, never to paid.
//
// A verifying node that does not answer, or has not reached the block yet, is no evidence either
// way: the deposit waits (stays `seen`) and is asked about again next round. Disputing it would
// send every payment to review whenever that node is down; crediting it would make the second
// node optional exactly when it matters.
//
// With FINALITY safe or finalized, the node itself is asked too whether it still holds the
// deposit's block: such a block can be far below the hashes the scanner keeps to find reorgs.
import { getAddress, type Hex } from "viem";
import type { chainDeposits } from "@/lib/studio/db/chain-schema";
import { parseUnits } from "@/lib/studio/core/money";
import type { RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { shortReason } from "@/lib/studio/chain/evm/start-checks";
import type { SetAside } from "@/lib/studio/chain/evm/unmatched-deposits";

type DepositRow = typeof chainDeposits.$inferSelect;

// keccak256("Transfer(address,address,uint256)")
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

export type Verdict = { agrees: true } | { disputed: string } | { wait: string };

export type Verified = {
  /** Deposit ids both nodes agree on: these may be credited. */
  agreed: Set<number>;
  /** Deposits the verifying node contradicts or lacks: set aside, their records to review. */
  disputed: SetAside[];
  /** Why the rest wait for a later round, when some do. */
  waiting?: string;
};

/**
 * Asks the verifying node about each deposit in turn (all agree when the chain has none). The
 * first that has to wait stops the round's questions: the node is down or behind, and the next
 * round asks again.
 */
export async function verifyDeposits(rpc: RpcChain, deposits: Array<{ deposit: DepositRow; toAddress: string }>): Promise<Verified> {
  const verified: Verified = { agreed: new Set(), disputed: [] };
  for (const { deposit, toAddress } of deposits) {
    const verdict = await verifyDeposit(rpc, deposit, toAddress);
    if ("wait" in verdict) {
      verified.waiting = verdict.wait;
      break;
    }
    if ("agrees" in verdict) verified.agreed.add(deposit.id);
    else verified.disputed.push({ deposit, reason: "unverified", note: `not credited: ${verdict.disputed}; needs manual review` });
  }
  return verified;
}

export async function verifyDeposit(rpc: RpcChain, deposit: DepositRow, toAddress: string): Promise<Verdict> {
  // A final block far below the head (FINALITY safe/finalized on a rollup) is below the hashes the
  // scanner keeps for finding reorgs: the node itself must still hold the deposit's block.
  if (rpc.finality !== "depth") {
    try {
      const block = await rpc.client.getBlock({ blockNumber: BigInt(deposit.blockNumber) });
      if (block.hash.toLowerCase() !== deposit.blockHash.toLowerCase()) {
        return { disputed: `the node now has block ${deposit.blockNumber} as ${block.hash}, not ${deposit.blockHash} as when the transfer was read (a reorg before it was final)` };
      }
    } catch (error) {
      return { wait: `the node did not answer for block ${deposit.blockNumber} (${shortReason(error)})` };
    }
  }
  const verify = rpc.verify;
  if (!verify) return { agrees: true };
  const where = `the verifying node ${verify.endpoint.shown}`;
  try {
    const head = Number(await verify.client.getBlockNumber({ cacheTime: 0 }));
    if (head < deposit.blockNumber) return { wait: `${where} is at block ${head}, below the deposit's block ${deposit.blockNumber}` };
    const block = await verify.client.getBlock({ blockNumber: BigInt(deposit.blockNumber) });
    if (block.hash.toLowerCase() !== deposit.blockHash.toLowerCase()) {
      return { disputed: `${where} has block ${deposit.blockNumber} as ${block.hash}, the node as ${deposit.blockHash}` };
    }
    const logs = await verify.client.getLogs({ address: deposit.tokenAddress as Hex, blockHash: deposit.blockHash as Hex });
    const log = logs.find((candidate) => candidate.transactionHash?.toLowerCase() === deposit.txHash.toLowerCase() && candidate.logIndex === deposit.logIndex);
    if (!log) return { disputed: `${where} has no log ${deposit.logIndex} of ${deposit.txHash} from ${deposit.tokenAddress} in block ${deposit.blockNumber}` };
    const differences = transferDifferences(rpc, deposit, toAddress, log);
    return differences.length === 0 ? { agrees: true } : { disputed: `${where} has log ${deposit.logIndex} of ${deposit.txHash} with another ${differences.join(", ")}` };
  } catch (error) {
    return { wait: `${where} did not answer (${shortReason(error)})` };
  }
}

/** The fields of the verifying node's log that differ from the deposit: token, from, to, amount. */
function transferDifferences(rpc: RpcChain, deposit: DepositRow, toAddress: string, log: { address: string; topics: readonly string[]; data: string }): string[] {
  const topicAddress = (topic: string | undefined) => (topic && topic.length === 66 ? getAddress(`0x${topic.slice(26)}`) : undefined);
  const token = Object.values(rpc.chain.tokens).find((candidate) => candidate.address.toLowerCase() === deposit.tokenAddress.toLowerCase());
  const differences: string[] = [];
  if (log.address.toLowerCase() !== deposit.tokenAddress.toLowerCase() || log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) differences.push("token or event");
  if (topicAddress(log.topics[1]) !== getAddress(deposit.fromAddress)) differences.push("sender");
  if (topicAddress(log.topics[2]) !== getAddress(toAddress)) differences.push("recipient");
  if (!token || !/^0x[0-9a-fA-F]{1,64}$/.test(log.data) || BigInt(log.data) !== parseUnits(deposit.amount, token.decimals)) differences.push("amount");
  return differences;
}

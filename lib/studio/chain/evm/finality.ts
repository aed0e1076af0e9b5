import "server-only";
// When a block counts as final on an RPC chain (CHAIN_<ID>_FINALITY), for the scanner (a deposit
// is credited) and the send tracker (a send is confirmed) alike. `depth`: CONFIRMATIONS blocks deep,
// its own block included. `safe` / `finalized`: at or below the node's block of that tag; on a
// rollup that is what L1 holds (posted, or posted and final), where a depth of blocks is only the
// sequencer's word.
import type { RpcChain } from "@/lib/studio/chain/evm/rpc-chains";

/** A tag's block is asked for at most once per chain and head within this long (the tracker asks per send). */
const TAG_REUSE_MS = 1_000;
const tagged = new Map<string, { head: number; at: number; number: number }>();

/** The newest block of `rpc` that is final while its head is `head`. */
export async function finalBlock(rpc: RpcChain, head: number): Promise<number> {
  if (rpc.finality === "depth") return head - rpc.confirmations + 1;
  const known = tagged.get(rpc.chain.id);
  if (known && known.head === head && Date.now() - known.at < TAG_REUSE_MS) return known.number;
  const block = await rpc.client.getBlock({ blockTag: rpc.finality });
  const number = Math.min(head, Number(block.number));
  tagged.set(rpc.chain.id, { head, at: Date.now(), number });
  return number;
}

/** Whether block `blockNumber` of `rpc` is final while its head is `head`. */
export async function isFinal(rpc: RpcChain, blockNumber: number, head: number): Promise<boolean> {
  return blockNumber <= (await finalBlock(rpc, head));
}

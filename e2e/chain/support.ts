// Shared by the chain tests: Studio's settings for a local node (arb on it, shallow depth) and a
// scan loop that runs the scanner the way the background round does.
import type { Address } from "viem";
import { parseUnits } from "@/lib/studio/money";
import { startLocalNode, type LocalNode } from "./local-node";

export const DEPTH = 3;

/** The node account that pays deposits in the tests. */
export const PAYER = 1;

/** A local node of the test file's own, the payer holding a million USDC. */
export async function startFundedNode(): Promise<LocalNode> {
  const node = await startLocalNode();
  await node.mint(node.tokens.USDC, node.wallet(PAYER).account.address, units(1_000_000));
  return node;
}

export function arbOn(node: LocalNode, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SEED_DEMO_INVOICES: "0",
    SWEEPER: "0",
    CHAIN_ARB_RPC_URL: node.url,
    CHAIN_ARB_TOKEN_USDC: node.tokens.USDC,
    CHAIN_ARB_TOKEN_USDT: node.tokens.USDT,
    CHAIN_ARB_CONFIRMATIONS: String(DEPTH),
    ...extra,
  };
}

/** Scans until the scanner has read up to the node's head (or `rounds` run out); returns the last result. */
export async function scanToHead(rounds = 50) {
  const { scanRpcChains } = await import("@/lib/studio/chain/evm/scanner");
  let last: Awaited<ReturnType<typeof scanRpcChains>>[number] | undefined;
  const errors = new Set<string>();
  for (let round = 0; round < rounds; round++) {
    [last] = await scanRpcChains();
    if (last?.error) errors.add(last.error);
    if (last && !last.error && !last.backingOff && last.scanned === last.head) return last;
    await new Promise((resolve) => setTimeout(resolve, last?.backingOff ? 100 : 0));
  }
  throw new Error(`scanner did not reach the head: ${JSON.stringify(last)}; errors: ${[...errors].join(" | ")}`);
}

/** A USDC amount in base units (6 places), converted exactly: `units(20.5)` is 20_500_000n. */
export const units = (amount: number) => parseUnits(String(amount), 6);

export function lower(address: string): Address {
  return address.toLowerCase() as Address;
}

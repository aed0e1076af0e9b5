// Shared by the chain tests: Studio's settings for a local node (arb on it, shallow depth), a
// scan loop that runs the scanner the way the background round does, and what the money-out tests
// need: the gas tank funded, background rounds until a send gets somewhere, the sends of a record.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { erc20Abi, getAddress, parseEther, type Address } from "viem";
import { parseUnits } from "@/lib/studio/core/money";
import { bootedDemoOrg, queryRows, withStudio, type ClientModule, type Target } from "../node/support";
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

/** An address nobody has used: tests that share one node pay and send to addresses of their own. */
export const freshAddress = () => getAddress(`0x${randomBytes(20).toString("hex")}`);

/** What `owner` holds of a token (USDC unless named) on the node. */
export function tokenBalance(node: LocalNode, owner: Address, token: Address = node.tokens.USDC): Promise<bigint> {
  return node.public.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
}

/**
 * The money-out tests' starting point on a fresh database: the demo organization booted, the
 * scanner at the node's head, and its gas tank funded by the operator (10 of the native coin;
 * deposit addresses and the treasury get their gas from it). Gives the treasury's address.
 */
export function fundedDemoOrg(target: Target, node: LocalNode): Promise<Address> {
  return withStudio(target, async (client) => {
    const { orgId } = await bootedDemoOrg(target);
    await scanToHead();
    const { orgAccount } = await import("@/lib/studio/chain/evm/keys");
    const { GAS_TANK_INDEX, TREASURY_INDEX } = await import("@/lib/studio/chain/wallet-indexes");
    const gasTank = (await orgAccount(await client.db(), orgId, GAS_TANK_INDEX)).address;
    const treasury = (await orgAccount(await client.db(), orgId, TREASURY_INDEX)).address;
    const hash = await node.wallet(0).sendTransaction({ to: gasTank, value: parseEther("10"), chain: null, account: node.wallet(0).account });
    await node.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return treasury;
  }, arbOn(node));
}

/** Inside `withStudio`: background rounds (scan, follow sends, broadcast), a block mined after each, until `done` says so. */
export async function runUntil(node: LocalNode, done: () => Promise<boolean>, rounds = 120): Promise<void> {
  const { backgroundRound } = await import("@/lib/studio/process/sweeper");
  for (let round = 0; round < rounds; round++) {
    await backgroundRound();
    if (await done()) return;
    await node.mine();
  }
  throw new Error("background rounds did not get there");
}

export type SendRow = {
  id: string;
  purpose: string;
  status: string;
  tx_hash: string;
  nonce: number;
  from_address: string;
  to_address: string;
  amount: string;
  mined_block: number | null;
  raw_tx: string;
  tx_hashes: string[];
};

/** The chain_sends rows `where` picks, oldest first. */
export function sendsOf(client: ClientModule, where: ReturnType<typeof sql>): Promise<SendRow[]> {
  return queryRows<SendRow>(
    client,
    sql`SELECT id, purpose, status, tx_hash, nonce, from_address, to_address, amount::text, mined_block, raw_tx, tx_hashes FROM chain_sends WHERE ${where} ORDER BY created_at, id`,
  );
}

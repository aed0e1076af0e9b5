import "server-only";
// GET /chains (extension, issue 24): each chain as this server reaches it, for reconciliation:
// the node's head and the scanner's position, the organization's treasury and gas tank, what the
// treasury holds on chain beside what the ledger says, and the sends still on their way. Plain
// warnings say what needs a person: a gas tank running low, a scanner behind, a node unreachable,
// a chain balance that differs from the ledger, a send quarantined by the custody check.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { erc20Abi, formatEther, getAddress } from "viem";
import { db } from "@/lib/db/client";
import { balances } from "@/lib/studio/db/balances-schema";
import { chainScanState, chainSends } from "@/lib/studio/db/chain-schema";
import { organizations } from "@/lib/studio/db/orgs-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { formatUnits, parseUnits } from "@/lib/studio/core/money";
import { CHAINS } from "@/lib/studio/chain/registry";
import { walletAddress } from "@/lib/studio/chain/hd-wallet";
import { chainMode, configuredChain, rpcChain, rpcChains, type RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { currentFees } from "@/lib/studio/chain/evm/rpc-adapter";
import { NATIVE_TRANSFER_GAS, TOKEN_TRANSFER_GAS } from "@/lib/studio/chain/evm/bound-transaction";
import { shortReason } from "@/lib/studio/chain/evm/start-checks";
import { GAS_TANK_INDEX, TREASURY_INDEX } from "@/lib/studio/chain/wallet-indexes";
import { countUnmatchedDeposits, type SetAsideReason } from "@/lib/studio/chain/evm/unmatched-deposits";
import { chainSendSchema, sendsNeedingReview } from "@/lib/studio/chain/send-review";

/** Quarantined sends listed per chain, newest first (the warning counts them all). */
const QUARANTINED_LISTED = 50;

/** Withdrawals' worth of gas below which the gas tank is called low. */
const GAS_TANK_LOW_SENDS = 20n;

export const chainStatusSchema = z.object({
  id: z.string().meta({ example: "arb" }),
  name: z.string().meta({ example: "Arbitrum One" }),
  mode: z.enum(["rpc", "sandbox", "unavailable"]).meta({ description: "rpc: a JSON-RPC node (CHAIN_<ID>_RPC_URL); sandbox: the sandbox chain; unavailable: neither" }),
  chain_id: z.number().int().nullable().meta({ description: "The numeric EVM chain id the node answers (rpc only)", example: 42161 }),
  confirmations: z.number().int().nullable().meta({ description: "Blocks a deposit needs, its own included (rpc only)", example: 20 }),
  reachable: z.boolean().nullable().meta({ description: "Whether the node answered just now (rpc only)" }),
  head_block: z.number().int().nullable().meta({ example: 241_500_120 }),
  scanned_block: z.number().int().nullable().meta({ example: 241_500_118 }),
  treasury_address: z.string().meta({ example: "0x2f1bE2a1b3C4d5E6f708192A3b4C5d6E7f809102" }),
  gas_tank_address: z.string().nullable().meta({ example: "0x8ba1f109551bD432803012645Ac136ddd64DBA72" }),
  gas_tank_balance: z.string().nullable().meta({ description: "The gas tank's native coin, exact decimal (rpc only)", example: "0.25" }),
  tokens: z.array(
    z.object({
      symbol: z.string().meta({ example: "USDC" }),
      contract_address: z.string().meta({ example: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831" }),
      decimals: z.number().int().meta({ example: 6 }),
      on_chain_balance: z.string().nullable().meta({ description: "What the treasury holds on chain (rpc only)", example: "1250.75" }),
      ledger_balance: z.string().meta({ description: "What the ledger says the organization holds", example: "1250.75" }),
    }),
  ),
  pending_sends: z.number().int().meta({ description: "Sends planned or broadcast and not yet confirmed" }),
  failed_sends: z.number().int().meta({ description: "Sends that failed on chain (reverted, or failed by a person after review): each needs an operator" }),
  sends_needing_review: z.array(chainSendSchema).meta({
    description:
      "Sends whose nonce was used while none of their transactions is on chain (needs_review, newest first, at most 100): nothing was credited back, and the withdrawal still reads submitted. An org:manage person resolves each (POST /chain_sends/{id}/resolve)",
  }),
  unmatched_deposits: z.number().int().meta({
    description: "Transfers at depth to the organization's deposit addresses that paid nothing (wrong token, record closed, address without an HD index): the funds wait on the addresses for an operator to return; listed by GET /chains/unmatched-deposits",
  }),
  quarantined_sends: z
    .array(
      z.object({
        id: z.string().meta({ example: "send_01JD7Q2M3X4Y5Z6A7B8C9D0E1F" }),
        purpose: z.string().meta({ description: "settlement, refund, partial_refund, payout, withdrawal or gas_top_up", example: "withdrawal" }),
        token_address: z.string().meta({ description: "The token contract, or `native` for a gas top-up", example: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831" }),
        to_address: z.string().meta({ description: "The destination the row names (not necessarily one Studio planned)", example: "0x8ba1f109551bD432803012645Ac136ddd64DBA72" }),
        amount: z.string().meta({ description: "The amount the row names, exact decimal", example: "5" }),
        reason: z.string().meta({ example: "the send's fields do not match their binding MAC (changed or copied row)" }),
        quarantined_at: z.string().meta({ description: "ISO 8601", example: "2026-12-07T21:40:00.000Z" }),
      }),
    )
    .meta({
      description:
        "Sends whose row failed the custody check (its binding MAC under STUDIO_SECRET, or a stored transaction that is not its bound transaction signed by its sender): nothing was signed or broadcast for them and nothing was credited back; an operator decides (newest first, at most 50; the warning counts all)",
    }),
  warnings: z.array(z.string()).meta({ example: ["gas tank low: 0.001 left, about 3 withdrawals' worth"] }),
});
export type ChainStatus = z.infer<typeof chainStatusSchema>;

export async function listChains(input: { principal: Principal }): Promise<ChainStatus[]> {
  const orgId = input.principal.orgId;
  const database = await db();
  const [org] = await database.select({ hdSeedSealed: organizations.hdSeedSealed }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw new Error(`organization ${orgId} vanished`);
  const ledger = await database.select().from(balances).where(eq(balances.orgId, orgId));
  const sendCounts = await database
    .select({ chainId: chainSends.chainId, status: chainSends.status, count: sql<number>`count(*)::int` })
    .from(chainSends)
    .where(and(eq(chainSends.orgId, orgId), inArray(chainSends.status, ["pending", "sent", "failed"])))
    .groupBy(chainSends.chainId, chainSends.status);
  const quarantined = await database
    .select()
    .from(chainSends)
    .where(and(eq(chainSends.orgId, orgId), eq(chainSends.status, "quarantined")))
    .orderBy(desc(chainSends.quarantinedAt), desc(chainSends.id));
  const positions = await database.select().from(chainScanState);
  const setAside = await countUnmatchedDeposits(orgId);
  const toReview = await sendsNeedingReview(orgId);
  return Promise.all(
    CHAINS.map(async (listed) => {
      const chain = configuredChain(listed.id) ?? listed;
      const address = (index: number) => walletAddress({ family: chain.family, orgId, hdSeedSealed: org.hdSeedSealed, index });
      const count = (statuses: string[]) => sendCounts.filter((row) => row.chainId === chain.id && statuses.includes(row.status)).reduce((sum, row) => sum + row.count, 0);
      const ledgerOf = (tokenAddress: string, decimals: number) => {
        const row = ledger.find((entry) => entry.chainId === chain.id && entry.tokenAddress.toLowerCase() === tokenAddress.toLowerCase());
        return formatUnits(row ? parseUnits(row.amount, decimals) : 0n, decimals);
      };
      const status: ChainStatus = {
        id: chain.id,
        name: chain.name,
        mode: chainMode(chain.id),
        chain_id: null,
        confirmations: null,
        reachable: null,
        head_block: null,
        scanned_block: null,
        treasury_address: address(TREASURY_INDEX),
        gas_tank_address: null,
        gas_tank_balance: null,
        tokens: Object.values(chain.tokens).map((token) => ({
          symbol: token.symbol,
          contract_address: token.address,
          decimals: token.decimals,
          on_chain_balance: null,
          ledger_balance: ledgerOf(token.address, token.decimals),
        })),
        pending_sends: count(["pending", "sent"]),
        failed_sends: count(["failed"]),
        sends_needing_review: toReview.filter((send) => send.chain_id === chain.id),
        unmatched_deposits: setAside.filter((row) => row.chainId === chain.id).reduce((sum, row) => sum + row.count, 0),
        quarantined_sends: quarantined
          .filter((send) => send.chainId === chain.id)
          .slice(0, QUARANTINED_LISTED)
          .map((send) => ({
            id: send.id,
            purpose: send.purpose,
            token_address: send.tokenAddress,
            to_address: send.toAddress,
            amount: send.amount,
            reason: send.bindingViolation ?? "",
            quarantined_at: (send.quarantinedAt ?? send.createdAt).toISOString(),
          })),
        warnings: [],
      };
      const rpc = rpcChain(chain.id);
      if (rpc) await addNodeFacts(status, rpc, address(GAS_TANK_INDEX), positions.find((row) => row.chainId === chain.id)?.scannedBlock ?? null);
      const quarantinedHere = quarantined.filter((send) => send.chainId === chain.id).length;
      if (quarantinedHere > 0) {
        status.warnings.push(`${quarantinedHere} send(s) failed the custody check and were quarantined: nothing was signed or broadcast for them; someone wrote or changed these rows outside Studio (see the audit log, chain_send.quarantined)`);
      }
      if (status.sends_needing_review.length > 0) {
        status.warnings.push(`${status.sends_needing_review.length} send(s) need review: their nonce was used and none of their transactions is on chain; nothing was credited back (resolve each: POST /chain_sends/{id}/resolve)`);
      }
      if (status.failed_sends > 0) status.warnings.push(`${status.failed_sends} send(s) failed on chain and need an operator (see the audit log, chain_send.failed)`);
      const aside = (reason: SetAsideReason) => setAside.find((row) => row.chainId === chain.id && row.reason === reason)?.count ?? 0;
      if (status.unmatched_deposits > 0) {
        status.warnings.push(`${status.unmatched_deposits} transfer(s) reached deposit addresses but paid nothing (a wrong token, a closed record): the funds wait there for an operator to return them (GET /chains/unmatched-deposits)`);
      }
      if (aside("unverified") > 0) status.warnings.push(`${aside("unverified")} of them the verifying node (CHAIN_${chain.id.toUpperCase()}_VERIFY_RPC_URL) disagreed on: not credited, their records are in review; compare both nodes before anything is returned or accepted`);
      if (aside("no_key") > 0) status.warnings.push(`${aside("no_key")} of them reached addresses without an HD index: this service cannot sign for those addresses, so they were skipped, not credited`);
      return status;
    }),
  );
}

async function addNodeFacts(status: ChainStatus, rpc: RpcChain, gasTank: string, scannedBlock: number | null): Promise<void> {
  Object.assign(status, { chain_id: rpc.evmChainId, confirmations: rpc.confirmations, gas_tank_address: gasTank, scanned_block: scannedBlock });
  try {
    const treasury = getAddress(status.treasury_address);
    const [head, tankWei, fees] = await Promise.all([rpc.client.getBlockNumber({ cacheTime: 0 }), rpc.client.getBalance({ address: getAddress(gasTank) }), currentFees(rpc)]);
    status.reachable = true;
    status.head_block = Number(head);
    status.gas_tank_balance = formatEther(tankWei);
    for (const token of status.tokens) {
      const held = await rpc.client.readContract({ address: getAddress(token.contract_address), abi: erc20Abi, functionName: "balanceOf", args: [treasury] });
      token.on_chain_balance = formatUnits(held, token.decimals);
      if (token.on_chain_balance !== token.ledger_balance) {
        status.warnings.push(`${token.symbol}: the treasury holds ${token.on_chain_balance} on chain but the ledger says ${token.ledger_balance} (settlements and withdrawals on their way count in the ledger first)`);
      }
    }
    const perWithdrawal = (TOKEN_TRANSFER_GAS + NATIVE_TRANSFER_GAS) * fees.maxFeePerGas;
    if (tankWei < perWithdrawal * GAS_TANK_LOW_SENDS) {
      status.warnings.push(`gas tank low: ${formatEther(tankWei)} left, about ${tankWei / perWithdrawal} sends' worth at today's fees; fund ${gasTank}`);
    }
    const behind = status.head_block - (scannedBlock ?? status.head_block);
    if (behind > rpc.confirmations) status.warnings.push(`scanner behind: ${behind} blocks behind the node's head`);
  } catch (error) {
    status.reachable = false;
    status.warnings.push(`node unreachable: ${shortReason(error)}; deposits and sends wait until it answers again`);
  }
}

/** The readiness check's view: "degraded" naming each RPC chain whose node does not answer. */
export async function unreachableChains(): Promise<string[]> {
  const results = await Promise.all(
    rpcChains().map(async (rpc) => {
      try {
        await rpc.client.getBlockNumber({ cacheTime: 0 });
        return null;
      } catch {
        return rpc.chain.id;
      }
    }),
  );
  return results.filter((id): id is string => id !== null);
}

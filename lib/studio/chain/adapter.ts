import "server-only";
// The one interface the service uses to reach a chain, chosen per chain: the sandbox (a table) or,
// for an EVM chain with CHAIN_<ID>_RPC_URL, the JSON-RPC adapter (lib/studio/chain/evm/).
import { createHash } from "node:crypto";
import { base58 } from "@scure/base";
import { db, type Tx } from "@/lib/db/client";
import { chainSends, sandboxBroadcasts } from "@/lib/studio/db/chain-schema";
import type { AddressFamily, ChainInfo } from "@/lib/studio/chain/registry";
import { walletAddress } from "@/lib/studio/chain/hd-wallet";
import { rpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { evmRpcChain } from "@/lib/studio/chain/evm/rpc-adapter";

/** A transfer out of the organization's wallet; `reference` is stable across retries of the same send. */
export type OutboundTransfer = { reference: string; purpose: string; chain: ChainInfo; tokenAddress: string; to: string; amount: string };

/**
 * Where a send's funds are: a payment's deposit address, or the organization's treasury (a
 * withdrawal, or the refund of a payment whose funds were already swept into it).
 */
export type SendSender = "deposit_address" | "treasury";

/** Who pays for a send, and the payment it belongs to (none for a withdrawal). */
export type SendSource = { orgId: number; paymentIntentId: string | null; sender: SendSender };

/** What planning a send decided, stored with it in the planning transaction. */
export type PlannedTransfer = Pick<typeof chainSends.$inferInsert, "txHash" | "fromAddress" | "nonce" | "rawTx" | "txHashes" | "afterSendId" | "bindingMac">;

export type SendRow = typeof chainSends.$inferSelect;

export interface ChainAdapter {
  readonly name: "sandbox" | "rpc";
  /** Deposit address `index` of an organization's wallet on `chain`. */
  depositAddress(input: { chain: ChainInfo; orgId: number; hdSeedSealed: string; index: number }): string;
  /**
   * Decides the transfer inside the transaction that plans it, before any broadcast: the hash it
   * will have and, on a real chain, the signed transaction (its sender's next nonce) itself.
   */
  plan(tx: Tx, transfer: OutboundTransfer, source: SendSource): Promise<PlannedTransfer>;
  /**
   * Broadcasts a planned send; broadcasting it again is the same transfer, not a second one.
   * "sent" when the chain still has to bury it (the send tracker confirms it at depth),
   * "confirmed" when the chain's answer is final at once, "waiting" when it may not go out yet
   * (its gas top-up is not confirmed), "refused" when its row failed the custody check
   * (chain/quarantine.ts) and nothing went out.
   */
  broadcast(send: SendRow): Promise<"sent" | "confirmed" | "waiting" | "refused">;
}

export const sandboxChain: ChainAdapter = {
  name: "sandbox",
  depositAddress: ({ chain, ...rest }) => walletAddress({ family: chain.family, ...rest }),
  async plan(_tx, { chain, reference }) {
    return { txHash: txHashFromReference(chain.family, reference) };
  },
  // The sandbox's "chain" is a table outside the caller's transaction: what it saw once, it keeps.
  // No reorg can take a row back and no block will ever bury it deeper, so a broadcast is final:
  // confirmed at once (else its withdrawals would read `submitted` for ever).
  async broadcast(send) {
    const database = await db();
    await database
      .insert(sandboxBroadcasts)
      .values({
        reference: send.id,
        txHash: send.txHash,
        chainId: send.chainId,
        tokenAddress: send.tokenAddress,
        toAddress: send.toAddress,
        amount: send.amount,
      })
      .onConflictDoNothing();
    return "confirmed";
  },
};

export function chainAdapter(chainId: string): ChainAdapter {
  return rpcChain(chainId) ? evmRpcChain : sandboxChain;
}

/** A transaction id in the chain's own format, derived from the send's reference. */
function txHashFromReference(family: AddressFamily, reference: string): string {
  const digest = createHash("sha512").update(`sandbox-tx:${reference}`).digest();
  switch (family) {
    case "evm":
      return `0x${digest.subarray(0, 32).toString("hex")}`;
    case "tron":
      return digest.subarray(0, 32).toString("hex");
    case "sol":
      return base58.encode(digest);
  }
}

// The one interface the service uses to reach a chain. The sandbox is the only implementation
// today; a JSON-RPC adapter for EVM chains would implement the same operations.
import { createHash } from "node:crypto";
import { base58 } from "@scure/base";
import { db } from "@/lib/db/client";
import { sandboxBroadcasts } from "@/lib/studio/db/schema";
import type { AddressFamily, ChainInfo } from "@/lib/studio/chain/registry";
import { deriveAddress } from "@/lib/studio/chain/addresses";
import { openOrgWallet } from "@/lib/studio/chain/hd-wallet";

/** A transfer out of the organization's wallet; `reference` is stable across retries of the same send. */
export type OutboundTransfer = { reference: string; chain: ChainInfo; tokenAddress: string; to: string; amount: string };

export interface ChainAdapter {
  readonly name: string;
  /** Deposit address `index` of an organization's wallet on `chain`. */
  depositAddress(input: { chain: ChainInfo; orgId: number; hdSeedSealed: string; index: number }): string;
  /**
   * The hash the transfer will have, known before it is broadcast (a real adapter signs it with
   * an allocated nonce), so the change that decides a send can record it in its own transaction.
   */
  plannedTxHash(transfer: OutboundTransfer): string;
  /** Broadcasts the transfer; broadcasting the same reference again is the same transfer, not a second one. */
  broadcast(transfer: OutboundTransfer): Promise<void>;
}

export const sandboxChain: ChainAdapter = {
  name: "sandbox",
  depositAddress({ chain, orgId, hdSeedSealed, index }) {
    const { root, seed } = openOrgWallet(orgId, hdSeedSealed);
    return deriveAddress({ family: chain.family, root, seed, index });
  },
  plannedTxHash({ chain, reference }) {
    return txHashFromReference(chain.family, reference);
  },
  // The sandbox's "chain" is a table outside the caller's transaction: what it saw once, it keeps.
  async broadcast(transfer) {
    const database = await db();
    await database
      .insert(sandboxBroadcasts)
      .values({
        reference: transfer.reference,
        txHash: txHashFromReference(transfer.chain.family, transfer.reference),
        chainId: transfer.chain.id,
        tokenAddress: transfer.tokenAddress,
        toAddress: transfer.to,
        amount: transfer.amount,
      })
      .onConflictDoNothing();
  },
};

export function chainAdapter(): ChainAdapter {
  return sandboxChain;
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

// The one interface the service uses to reach a chain. The sandbox is the only implementation
// today; a JSON-RPC adapter for EVM chains would implement the same three operations.
import type { ChainInfo } from "@/lib/studio/chain/registry";
import { deriveAddress, randomTxHash } from "@/lib/studio/chain/addresses";
import { openOrgWallet } from "@/lib/studio/chain/hd-wallet";

export type OutboundTransfer = { chain: ChainInfo; tokenAddress: string; to: string; amount: string };

export interface ChainAdapter {
  readonly name: string;
  /** Deposit address `index` of an organization's wallet on `chain`. */
  depositAddress(input: { chain: ChainInfo; hdSeedSealed: string; index: number }): string;
  /** Sends tokens out of the organization's wallet (settlement or refund); returns the tx hash. */
  send(transfer: OutboundTransfer): Promise<{ txHash: string; timestamp: number }>;
}

export const sandboxChain: ChainAdapter = {
  name: "sandbox",
  depositAddress({ chain, hdSeedSealed, index }) {
    const { root, seed } = openOrgWallet(hdSeedSealed);
    return deriveAddress({ family: chain.family, root, seed, index });
  },
  // Nothing leaves the process: the sandbox confirms at once with a hash in the chain's format.
  async send({ chain }) {
    return { txHash: randomTxHash(chain.family), timestamp: Math.floor(Date.now() / 1000) };
  },
};

export function chainAdapter(): ChainAdapter {
  return sandboxChain;
}

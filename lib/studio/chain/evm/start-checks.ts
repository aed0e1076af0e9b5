import "server-only";
// What a server checks before it takes money on an RPC chain: that the node is the network it was
// told (a mainnet key on a testnet, or the reverse, is refused) and that each token contract has
// the registry's decimals, since every amount is converted with them.
import { erc20Abi, type Address } from "viem";
import { rpcChains, type RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { redactSecrets } from "@/lib/observability/redact";

export class ChainStartError extends Error {
  override name = "ChainStartError";
}

/** Resolves when every RPC chain answers as configured; otherwise rejects naming the chain and both values. */
export async function checkRpcChains(chains: RpcChain[] = rpcChains()): Promise<void> {
  await Promise.all(chains.map(checkRpcChain));
}

async function checkRpcChain({ chain, client, evmChainId, endpoint, verify }: RpcChain): Promise<void> {
  const setting = `CHAIN_${chain.id.toUpperCase()}`;
  // The verifying node (CHAIN_<ID>_VERIFY_RPC_URL) must be the same network, or it would dispute every deposit.
  for (const node of [{ endpoint, client }, ...(verify ? [verify] : [])]) {
    let nodeChainId: number;
    try {
      nodeChainId = await node.client.getChainId();
    } catch (error) {
      throw new ChainStartError(`chain ${chain.id}: the node at ${node.endpoint.shown} did not answer eth_chainId (${shortReason(error)})`);
    }
    if (nodeChainId !== evmChainId) {
      throw new ChainStartError(
        `chain ${chain.id}: the node at ${node.endpoint.shown} is chain id ${nodeChainId}, but ${chain.id} expects ${evmChainId} (set ${setting}_CHAIN_ID to change what is expected)`,
      );
    }
  }
  for (const token of Object.values(chain.tokens)) {
    let decimals: number;
    try {
      decimals = await client.readContract({ address: token.address as Address, abi: erc20Abi, functionName: "decimals" });
    } catch (error) {
      throw new ChainStartError(`chain ${chain.id}: ${token.symbol} contract ${token.address} did not answer decimals() (${shortReason(error)})`);
    }
    if (decimals !== token.decimals) {
      throw new ChainStartError(
        `chain ${chain.id}: ${token.symbol} contract ${token.address} has ${decimals} decimals, but ${chain.id} ${token.symbol} has ${token.decimals} (check ${setting}_TOKEN_${token.symbol})`,
      );
    }
  }
}

/**
 * One line about an RPC failure: the node's own words (viem's `details`) when it gave some, never
 * a node URL's key (see rpc-endpoint.ts).
 */
export function shortReason(error: unknown): string {
  const viemError = error as { details?: string; shortMessage?: string };
  const text = error instanceof Error ? viemError.details || viemError.shortMessage || error.message : String(error);
  return redactSecrets(text.split("\n")[0]!).slice(0, 200);
}

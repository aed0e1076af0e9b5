import "server-only";
// Which chains this server reaches through a JSON-RPC node, and what it expects of each: the
// registry's network as adjusted by the CHAIN_<ID>_* settings. A chain without an RPC URL is the
// sandbox's (when SANDBOX_CHAIN is on) or not available at all.
import { createPublicClient, http, type PublicClient } from "viem";
import { chainSettings, env } from "@/lib/env";
import { StudioError } from "@/lib/studio/core/errors";
import { rpcEndpoint, type RpcEndpoint } from "@/lib/studio/chain/evm/rpc-endpoint";
import { CHAINS, findChain, TOKEN_SYMBOLS, type ChainInfo, type TokenInfo, type TokenSymbol } from "@/lib/studio/chain/registry";

export type ChainMode = "rpc" | "sandbox" | "unavailable";
/** When a block counts as final (CHAIN_<ID>_FINALITY): `confirmations` deep, or at or below the node's safe or finalized block. */
export type Finality = "depth" | "safe" | "finalized";
/** A node of a chain: where requests go and how messages name it, and the client that asks it. */
export type RpcNode = { endpoint: RpcEndpoint; client: PublicClient };

export type RpcChain = {
  /** The registry's chain with the token contracts this server uses on it. */
  chain: ChainInfo;
  /** The node: where requests go, with which headers, and how messages name it (never with its secrets). */
  endpoint: RpcEndpoint;
  evmChainId: number;
  confirmations: number;
  finality: Finality;
  client: PublicClient;
  /** A second node (CHAIN_<ID>_VERIFY_RPC_URL) that must agree on a deposit before it is credited. */
  verify?: RpcNode;
};

const rpcChainsById = new Map<string, RpcChain>(
  CHAINS.flatMap((chain) => {
    const settings = chainSettings[chain.id];
    if (!settings || !chain.evm) return [];
    const tokens = Object.fromEntries(
      TOKEN_SYMBOLS.flatMap((symbol) => {
        const listed = chain.tokens[symbol];
        const address = settings[`TOKEN_${symbol}`] ?? listed?.address;
        return listed && address ? [[symbol, { ...listed, address }]] : [];
      }),
    ) as Partial<Record<TokenSymbol, TokenInfo>>;
    const { endpoint, client } = rpcNode(settings.RPC_URL);
    const rpcChain: RpcChain = {
      chain: { ...chain, tokens },
      endpoint,
      evmChainId: settings.CHAIN_ID ?? chain.evm.chainId,
      confirmations: settings.CONFIRMATIONS ?? chain.evm.confirmations,
      finality: settings.FINALITY,
      client,
      ...(settings.VERIFY_RPC_URL ? { verify: rpcNode(settings.VERIFY_RPC_URL) } : {}),
    };
    return [[chain.id, rpcChain] as const];
  }),
);

function rpcNode(configured: string): RpcNode {
  const endpoint = rpcEndpoint(configured);
  // One request per call (no batching): the scanner sizes its own ranges and reads its own
  // errors. One quick retry covers a kept-alive connection the node closed; every request is
  // safe to repeat (reads, and a raw transaction that is the same transaction when sent twice).
  const transport = http(endpoint.url, { retryCount: 1, retryDelay: 50, timeout: 10_000, fetchOptions: { headers: endpoint.headers } });
  return { endpoint, client: createPublicClient({ transport }) };
}

export function rpcChains(): RpcChain[] {
  return [...rpcChainsById.values()];
}

export function rpcChain(chainId: string): RpcChain | undefined {
  return rpcChainsById.get(chainId);
}

export function chainMode(chainId: string): ChainMode {
  if (rpcChainsById.has(chainId)) return "rpc";
  return env.SANDBOX_CHAIN ? "sandbox" : "unavailable";
}

/** The chain as this server uses it: an RPC chain's own token contracts, else the registry's. */
export function configuredChain(chainId: string): ChainInfo | undefined {
  return rpcChainsById.get(chainId)?.chain ?? findChain(chainId);
}

/** Refuses (422) new business on a chain this server can reach neither for real nor on the sandbox. */
export function requireChainAvailable(chain: ChainInfo, field: string): void {
  if (chainMode(chain.id) !== "unavailable") return;
  const setting = `CHAIN_${chain.id.toUpperCase()}_RPC_URL`;
  throw new StudioError("business_rule", `chain ${chain.id} (${chain.name}) is not available on this server: it has no ${setting} and the sandbox chain is off`, [
    { field, message: `${chain.id} is not available on this server` },
  ]);
}

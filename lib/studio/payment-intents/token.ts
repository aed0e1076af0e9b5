import "server-only";
import type { TokenInfo, TokenSymbol } from "@/lib/studio/chain/registry";
import { configuredChain, requireChainAvailable } from "@/lib/studio/chain/evm/rpc-chains";
import { StudioError } from "@/lib/studio/core/errors";

/**
 * The token contract for a chain/symbol pair (an RPC chain's configured contract); an unsupported
 * pair, or a chain this server cannot reach, is a business-rule refusal (422).
 */
export function requireToken(chainId: string, symbol: TokenSymbol): TokenInfo {
  const chain = configuredChain(chainId);
  if (!chain) {
    throw new StudioError("business_rule", `chain ${chainId} is not supported`, [
      { field: "chain", message: "is not a supported chain" },
    ]);
  }
  requireChainAvailable(chain, "chain");
  const token = chain.tokens[symbol];
  if (!token) {
    throw new StudioError("business_rule", `pay_token ${symbol} is not supported on ${chain.name} (${chainId})`, [
      { field: "pay_token", message: `is not supported on ${chainId}` },
    ]);
  }
  return token;
}

import { findChain, findToken, type TokenInfo, type TokenSymbol } from "@/lib/studio/chain/registry";
import { StudioError } from "@/lib/studio/errors";

/** The token contract for a chain/symbol pair; an unsupported pair is a business-rule refusal (422). */
export function requireToken(chainId: string, symbol: TokenSymbol): TokenInfo {
  const chain = findChain(chainId);
  if (!chain) {
    throw new StudioError("business_rule", `chain ${chainId} is not supported`, [
      { field: "chain", message: "is not a supported chain" },
    ]);
  }
  const token = findToken(chainId, symbol);
  if (!token) {
    throw new StudioError("business_rule", `pay_token ${symbol} is not supported on ${chain.name} (${chainId})`, [
      { field: "pay_token", message: `is not supported on ${chainId}` },
    ]);
  }
  return token;
}

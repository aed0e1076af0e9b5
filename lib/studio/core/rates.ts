import "server-only";
import { env } from "@/lib/env";
import type { TokenSymbol } from "@/lib/studio/chain/registry";

export type FiatCurrency = "USD" | "TWD";

/**
 * The fiat price of one token, as a decimal string. Both supported tokens are USD stablecoins:
 * USD is 1:1; TWD uses the operator-configured rate (TWD_PER_USD). `useFixedStablecoinRate`
 * pins USD at exactly 1 even when a market feed replaces this provider.
 */
export function tokenPrice(currency: FiatCurrency, _symbol: TokenSymbol, _useFixedStablecoinRate: boolean): string {
  return currency === "USD" ? "1" : env.TWD_PER_USD;
}

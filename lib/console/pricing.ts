import { findToken, type TokenSymbol } from "@/lib/studio/chain/registry";
import { formatFixed, formatUnits } from "@/lib/studio/core/money";

type Pricing = { pricingMode: "fiat" | "crypto" | undefined; chain: string | undefined; token: string | undefined };

const FIAT_PLACES = 2;
// Shown while the chosen chain does not offer the token (the API will refuse the pair anyway).
const FALLBACK_TOKEN_PLACES = 6;

/** How many places an invoice's or payout's own amounts have: cents under fiat pricing, else the token's decimals. */
export function pricedPlaces({ pricingMode, chain, token }: Pricing): number {
  if (pricingMode !== "crypto") return FIAT_PLACES;
  return findToken(chain ?? "", token as TokenSymbol)?.decimals ?? FALLBACK_TOKEN_PLACES;
}

/** The unit those amounts are in: the fiat currency or the token symbol. */
export function pricedUnit({ pricingMode, token }: Pricing, currency: string | undefined): string {
  return pricingMode === "crypto" ? (token ?? "") : (currency ?? "USD");
}

/** Base units spelled the way the API spells priced amounts: cents kept ("1.50"), token amounts canonical ("1.5"). */
export function pricedText(units: bigint, pricingMode: Pricing["pricingMode"], places: number): string {
  return pricingMode === "crypto" ? formatUnits(units, places) : formatFixed(units, places);
}

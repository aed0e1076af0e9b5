import "server-only";
import type { TokenInfo } from "@/lib/studio/chain/registry";
import { divideCeil, formatFixed, formatUnits, parseDecimal } from "@/lib/studio/core/money";
import { tokenPrice, type FiatCurrency } from "@/lib/studio/core/rates";

export type PricingMode = "fiat" | "crypto";

/** Fiat amounts are kept to the cent (USD and TWD alike); crypto amounts to the token's decimals. */
export const FIAT_DECIMALS = 2;

export type PaymentAmounts = {
  cryptoAmount: string;
  fiatAmount: string | null;
  fiatCurrency: FiatCurrency | null;
  cryptoPrice: string | null;
};

/** How many decimal places an invoice amount has: cents for fiat, the token's decimals for crypto. */
export function amountDecimals(mode: PricingMode, token: TokenInfo): number {
  return mode === "fiat" ? FIAT_DECIMALS : token.decimals;
}

/**
 * The payment intent's amounts for an invoice amount in base units. Fiat pricing divides by the
 * token's fiat price and rounds up to the token's smallest unit, so the merchant is never short.
 */
export function paymentAmounts(input: {
  mode: PricingMode;
  amountUnits: bigint;
  currency: FiatCurrency;
  token: TokenInfo;
  useFixedStablecoinRate: boolean;
}): PaymentAmounts {
  const { mode, amountUnits, token } = input;
  if (mode === "crypto") {
    return { cryptoAmount: formatUnits(amountUnits, token.decimals), fiatAmount: null, fiatCurrency: null, cryptoPrice: null };
  }
  const price = tokenPrice(input.currency, token.symbol, input.useFixedStablecoinRate);
  const cryptoUnits = divideCeil({ units: amountUnits, scale: FIAT_DECIMALS }, parseDecimal(price), token.decimals);
  return {
    cryptoAmount: formatUnits(cryptoUnits, token.decimals),
    fiatAmount: formatFixed(amountUnits, FIAT_DECIMALS),
    fiatCurrency: input.currency,
    cryptoPrice: price,
  };
}

import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { findToken, type TokenInfo } from "@/lib/studio/chain/registry";
import { amountDecimals, paymentAmounts } from "@/lib/studio/payment-intents/pricing";

function token(chain: string, symbol: "USDC" | "USDT"): TokenInfo {
  const found = findToken(chain, symbol);
  if (!found) throw new Error(`${symbol} on ${chain} missing`);
  return found;
}

const arbUsdc = token("arb", "USDC");
const bscUsdt = token("bsc", "USDT");

/** ceil(cents / 100 / rate) at `decimals`, by integer arithmetic independent of the code under test. */
function expectedCeil(cents: bigint, rate: string, decimals: number): bigint {
  const [whole, fraction = ""] = rate.split(".");
  const rateUnits = BigInt(`${whole}${fraction}`);
  const top = cents * 10n ** BigInt(decimals) * 10n ** BigInt(fraction.length);
  const bottom = rateUnits * 100n;
  return (top + bottom - 1n) / bottom;
}

describe("amountDecimals", () => {
  it("is cents for fiat and the token's decimals for crypto", () => {
    expect(amountDecimals("fiat", arbUsdc)).toBe(2);
    expect(amountDecimals("fiat", bscUsdt)).toBe(2);
    expect(amountDecimals("crypto", arbUsdc)).toBe(6);
    expect(amountDecimals("crypto", bscUsdt)).toBe(18);
  });
});

describe("paymentAmounts", () => {
  it("crypto mode: the amount is the crypto amount; no fiat side, no price", () => {
    expect(paymentAmounts({ mode: "crypto", amountUnits: 125_500_000n, currency: "USD", token: arbUsdc, useFixedStablecoinRate: false })).toEqual({
      cryptoAmount: "125.5",
      fiatAmount: null,
      fiatCurrency: null,
      cryptoPrice: null,
    });
  });

  it("fiat USD: 1:1", () => {
    expect(paymentAmounts({ mode: "fiat", amountUnits: 12_550n, currency: "USD", token: arbUsdc, useFixedStablecoinRate: true })).toEqual({
      cryptoAmount: "125.5",
      fiatAmount: "125.50",
      fiatCurrency: "USD",
      cryptoPrice: "1",
    });
  });

  it("fiat TWD: divides by the configured rate and rounds up to 6 decimals", () => {
    const result = paymentAmounts({ mode: "fiat", amountUnits: 100_000n, currency: "TWD", token: arbUsdc, useFixedStablecoinRate: false });
    expect(result.cryptoPrice).toBe(env.TWD_PER_USD);
    expect(result.fiatAmount).toBe("1000.00");
    expect(result.cryptoAmount).toBe(formatSix(expectedCeil(100_000n, env.TWD_PER_USD, 6)));
  });

  it("fiat TWD at the default rate 32.5: 1000 TWD is 30.769231 USDC (30.7692307… rounded up)", () => {
    expect(expectedCeil(100_000n, "32.5", 6)).toBe(30_769_231n);
    expect(expectedCeil(100_000n, "32.5", 18)).toBe(30_769_230_769_230_769_231n);
  });

  it("fiat TWD on bsc rounds up at 18 decimals", () => {
    const result = paymentAmounts({ mode: "fiat", amountUnits: 100_000n, currency: "TWD", token: bscUsdt, useFixedStablecoinRate: false });
    const units = expectedCeil(100_000n, env.TWD_PER_USD, 18).toString().padStart(19, "0");
    expect(result.cryptoAmount).toBe(`${units.slice(0, -18)}.${units.slice(-18)}`.replace(/\.?0+$/, ""));
  });

  it("never rounds down: the crypto amount times the rate covers the fiat amount", () => {
    for (const cents of [1n, 99n, 3_250n, 100_001n, 987_654_321n]) {
      const { cryptoAmount } = paymentAmounts({ mode: "fiat", amountUnits: cents, currency: "TWD", token: arbUsdc, useFixedStablecoinRate: false });
      const [whole, fraction = ""] = cryptoAmount.split(".");
      const micro = BigInt(whole + fraction.padEnd(6, "0"));
      // micro / 1e6 × rate ≥ cents / 100  ⇔  micro × rate × 100 ≥ cents × 1e6
      const [rw, rf = ""] = env.TWD_PER_USD.split(".");
      const rateUnits = BigInt(rw + rf);
      expect(micro * rateUnits * 100n >= cents * 1_000_000n * 10n ** BigInt(rf.length)).toBe(true);
      // …and one unit less would not.
      expect((micro - 1n) * rateUnits * 100n < cents * 1_000_000n * 10n ** BigInt(rf.length)).toBe(true);
    }
  });
});

function formatSix(units: bigint): string {
  const text = units.toString().padStart(7, "0");
  return `${text.slice(0, -6)}.${text.slice(-6)}`.replace(/\.?0+$/, "");
}

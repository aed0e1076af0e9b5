import { describe, expect, it } from "vitest";
import { liveSplit } from "@/lib/console/payout-split";
import { pricedPlaces } from "@/lib/console/pricing";

describe("live payout split", () => {
  it("computes the fee exactly at the token's decimals, also at 18", () => {
    expect(liveSplit("100", "98.5", "crypto", 6)).toEqual({ ok: true, gross: "100", fee: "1.5", net: "98.5" });
    expect(liveSplit("1", "0.999999999999999999", "crypto", 18)).toEqual({
      ok: true,
      gross: "1",
      fee: "0.000000000000000001",
      net: "0.999999999999999999",
    });
  });

  it("keeps cents under fiat pricing", () => {
    expect(liveSplit("100", "98.5", "fiat", 2)).toEqual({ ok: true, gross: "100.00", fee: "1.50", net: "98.50" });
  });

  it("names the field that is wrong, and waits while an amount is empty", () => {
    expect(liveSplit("10", "12", "crypto", 6)).toMatchObject({ ok: false, field: "exact_out_amount" });
    expect(liveSplit("10.001", "1", "fiat", 2)).toMatchObject({ ok: false, field: "amount" });
    expect(liveSplit("10", "", "fiat", 2)).toBeUndefined();
  });

  it("takes the places from the pricing mode and the chain's token", () => {
    expect(pricedPlaces({ pricingMode: "fiat", chain: "bsc", token: "USDC" })).toBe(2);
    expect(pricedPlaces({ pricingMode: "crypto", chain: "bsc", token: "USDC" })).toBe(18);
    expect(pricedPlaces({ pricingMode: "crypto", chain: "arb", token: "USDT" })).toBe(6);
  });
});

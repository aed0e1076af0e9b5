import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  AmountFormatError,
  decimalFromNumber,
  divideCeil,
  formatFixed,
  formatUnits,
  multiply,
  parseDecimal,
  parseUnits,
  toUnits,
} from "@/lib/studio/core/money";

describe("parseUnits / formatUnits", () => {
  it("handles 6 decimals (USDC/USDT on most chains)", () => {
    expect(parseUnits("125.5", 6)).toBe(125_500_000n);
    expect(parseUnits("0.000001", 6)).toBe(1n);
    expect(parseUnits("100", 6)).toBe(100_000_000n);
    expect(formatUnits(125_500_000n, 6)).toBe("125.5");
    expect(formatUnits(1n, 6)).toBe("0.000001");
    expect(formatUnits(0n, 6)).toBe("0");
  });

  it("handles 18 decimals (BSC stablecoins) beyond float precision", () => {
    expect(parseUnits("125.500000000000000001", 18)).toBe(125_500_000_000_000_000_001n);
    expect(formatUnits(125_500_000_000_000_000_001n, 18)).toBe("125.500000000000000001");
    expect(parseUnits("9007199254740993", 18)).toBe(9_007_199_254_740_993n * 10n ** 18n);
    expect(parseUnits("0.000000000000000001", 18)).toBe(1n);
  });

  it("refuses more places than the token has, and anything not a plain decimal", () => {
    expect(() => parseUnits("0.0000001", 6)).toThrow(AmountFormatError);
    expect(() => parseUnits("0.0000000000000000001", 18)).toThrow(AmountFormatError);
    for (const text of ["1e3", "-1", " 1", ".5", "1.", "0x10", "", "01", "1,5", "NaN", "Infinity"]) {
      expect(() => parseUnits(text, 6), text).toThrow(AmountFormatError);
    }
  });

  it("keeps trailing zeros meaningless: 10.500000 and 10.5 are the same units", () => {
    expect(parseUnits("10.500000", 6)).toBe(parseUnits("10.5", 6));
    expect(formatFixed(1050n, 2)).toBe("10.50");
    expect(formatUnits(-1_500_000n, 6)).toBe("-1.5");
  });

  it.each([6, 18])("round-trips every base-unit amount at %i decimals", (decimals) => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (units) => {
        expect(parseUnits(formatUnits(units, decimals), decimals)).toBe(units);
        expect(parseUnits(formatFixed(units, decimals), decimals)).toBe(units);
      }),
    );
  });

  it("sums in base units exactly where floats drift", () => {
    const total = ["0.1", "0.2"].reduce((sum, text) => sum + parseUnits(text, 18), 0n);
    expect(formatUnits(total, 18)).toBe("0.3");
    const many = Array.from({ length: 20 }, (_, i) => parseUnits(`${i + 1}.000001`, 6)).reduce((a, b) => a + b, 0n);
    expect(formatUnits(many, 6)).toBe("210.00002");
  });
});

describe("decimal arithmetic", () => {
  it("adds and multiplies exactly across scales", () => {
    expect(add(parseDecimal("0.1"), parseDecimal("0.02"))).toEqual({ units: 12n, scale: 2 });
    expect(multiply(parseDecimal("89.99"), parseDecimal("3"))).toEqual({ units: 26997n, scale: 2 });
  });

  it("reads JSON numbers as the decimals they were written as", () => {
    expect(decimalFromNumber(0.45)).toEqual({ units: 45n, scale: 2 });
    expect(decimalFromNumber(349.5)).toEqual({ units: 3495n, scale: 1 });
    expect(() => decimalFromNumber(1e21)).toThrow(AmountFormatError);
    expect(() => decimalFromNumber(-1)).toThrow(AmountFormatError);
  });

  it("rounds to units as asked", () => {
    const value = parseDecimal("1.0000005");
    expect(toUnits(value, 6, "ceil")).toBe(1_000_001n);
    expect(toUnits(value, 6, "half-up")).toBe(1_000_001n);
    expect(toUnits(parseDecimal("1.0000004"), 6, "half-up")).toBe(1_000_000n);
    expect(() => toUnits(value, 6, "exact")).toThrow(AmountFormatError);
    expect(toUnits(parseDecimal("2"), 18, "exact")).toBe(2n * 10n ** 18n);
  });

  it("divides rounding up to the token's smallest unit (fiat → crypto)", () => {
    // 100 TWD at 32.5 TWD/USD = 3.076923… USDC → 3.076924
    expect(divideCeil(parseDecimal("100"), parseDecimal("32.5"), 6)).toBe(3_076_924n);
    expect(divideCeil(parseDecimal("65"), parseDecimal("32.5"), 6)).toBe(2_000_000n);
    expect(divideCeil(parseDecimal("1"), parseDecimal("3"), 18)).toBe(333_333_333_333_333_334n);
    expect(() => divideCeil(parseDecimal("1"), parseDecimal("0"), 6)).toThrow(AmountFormatError);
  });

  it("never rounds down an amount owed", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (top, bottom) => {
        const units = divideCeil({ units: top, scale: 2 }, { units: bottom, scale: 4 }, 6);
        // units/10^6 >= (top/10^2)/(bottom/10^4) = top·10^2/bottom  ⇔  units·bottom >= top·10^8
        const lhs = units * bottom;
        const rhs = top * 10n ** 8n;
        expect(lhs >= rhs).toBe(true);
        expect((units - 1n) * bottom < rhs).toBe(true);
      }),
    );
  });
});

describe("no floating point on the money path", () => {
  // Time (Math.floor of Date.now or of a Date's getTime) is allowed; amounts must never meet a JS number operation.
  const files = [
    "lib/studio/core/money.ts",
    "lib/studio/payment-intents/status.ts",
    "lib/studio/deposits/record-transfer.ts",
    "lib/studio/invoices/sign-invoice.ts",
    "lib/studio/workflow/verbs.ts",
    "lib/studio/payouts/amounts.ts",
    "lib/studio/payouts/pricing.ts",
    "lib/studio/payouts/owner.ts",
    "lib/studio/balances/ledger.ts",
    "lib/studio/chain/sends.ts",
    // Real chains (issue 24); the scanner and the send tracker count blocks in numbers, amounts in bigint.
    "lib/studio/chain/evm/reversals.ts",
    "lib/studio/chain/evm/funds.ts",
    "lib/studio/chain/evm/rpc-adapter.ts",
    "lib/studio/sandbox/schemas.ts",
  ];
  it.each(files)("%s uses no float conversions or rounding", (file) => {
    const source = readFileSync(path.resolve(import.meta.dirname, "../../..", file), "utf8");
    expect(source).not.toMatch(/parseFloat|\bNumber\(|toFixed|toPrecision|Math\.(round|ceil|trunc)|\bz\.number\(\)\.(?!int)/);
    expect(source.replace(/Math\.floor\((Date\.now\(\)|[\w.]+\.getTime\(\)) \/ 1000\)/g, "")).not.toMatch(/Math\.floor/);
  });

  it("the sandbox refuses JSON-number amounts", async () => {
    const { sandboxPaySchema } = await import("@/lib/studio/sandbox/schemas");
    expect(sandboxPaySchema.safeParse({ payment_address: "x", amount: 1.5 }).success).toBe(false);
    expect(sandboxPaySchema.safeParse({ payment_address: "x", amount: "1.5" }).success).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { lineItemTotals, totalInUnits } from "@/lib/studio/invoices/amounts";
import { formatUnits } from "@/lib/studio/core/money";

describe("lineItemTotals", () => {
  it("adds quantity × unit_price and tax exactly, where floats would drift", () => {
    const totals = lineItemTotals([
      { name: "a", quantity: 1, unit_price: 0.1 },
      { name: "b", quantity: 1, unit_price: 0.2, tax: 0.1 },
    ]);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatUnits(totals.subtotal.units, totals.subtotal.scale)).toBe("0.3");
    expect(formatUnits(totals.tax.units, totals.tax.scale)).toBe("0.1");
    expect(formatUnits(totals.total.units, totals.total.scale)).toBe("0.4");
  });

  it("treats tax as an amount per line, not a percentage", () => {
    const { total } = lineItemTotals([{ name: "a", quantity: 2, unit_price: 50, tax: 10 }]);
    expect(formatUnits(total.units, total.scale)).toBe("110");
  });

  it("is zero for zero-priced lines", () => {
    expect(lineItemTotals([{ name: "a", quantity: 5, unit_price: 0 }]).total.units).toBe(0n);
  });

  it("keeps every digit of 18-decimal prices", () => {
    const { total } = lineItemTotals([{ name: "a", quantity: 3, unit_price: 0.333333333333333 }]);
    expect(formatUnits(total.units, total.scale)).toBe("0.999999999999999");
  });

  it("matches integer-cent arithmetic for any cent prices", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 1000 }), cents: fc.integer({ min: 0, max: 10_000_000 }), taxCents: fc.integer({ min: 0, max: 100_000 }) }), { minLength: 1, maxLength: 20 }),
        (lines) => {
          const items = lines.map((line) => ({ name: "x", quantity: line.quantity, unit_price: line.cents / 100, tax: line.taxCents / 100 }));
          const expected = lines.reduce((sum, line) => sum + BigInt(line.quantity * line.cents + line.taxCents), 0n);
          expect(totalInUnits(items, 2)).toBe(expected);
        },
      ),
    );
  });
});

describe("totalInUnits", () => {
  it("expresses the total in base units of the unit's decimals", () => {
    const items = [{ name: "a", quantity: 2, unit_price: 62.75 }];
    expect(totalInUnits(items, 2)).toBe(12_550n);
    expect(totalInUnits(items, 6)).toBe(125_500_000n);
    expect(totalInUnits(items, 18)).toBe(125_500_000_000_000_000_000n);
  });

  it("rounds a longer fraction half-up to the unit", () => {
    expect(totalInUnits([{ name: "a", quantity: 1, unit_price: 0.125 }], 2)).toBe(13n);
    expect(totalInUnits([{ name: "a", quantity: 1, unit_price: 0.124 }], 2)).toBe(12n);
    expect(totalInUnits([{ name: "a", quantity: 3, unit_price: 0.0045 }], 2)).toBe(1n);
  });
});

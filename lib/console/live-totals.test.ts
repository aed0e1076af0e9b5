import { describe, expect, it } from "vitest";
import { liveTotals } from "@/lib/console/live-totals";

describe("live totals", () => {
  it("adds line items exactly in decimal, not in floating point", () => {
    expect(
      liveTotals(
        [
          { name: "a", quantity: 3, unit_price: 0.1, tax: 0.2 },
          { name: "b", quantity: 2, unit_price: 12.5 },
        ],
        2,
      ),
    ).toEqual({ subtotal: "25.30", tax: "0.20", total: "25.50" });
  });

  it("keeps the token's decimals for crypto pricing and rounds half-up like the API", () => {
    expect(liveTotals([{ name: "a", quantity: 1, unit_price: 1.0000005 }], 6)?.total).toBe("1.000001");
    expect(liveTotals([{ name: "a", quantity: 3, unit_price: 0.005 }], 2)?.total).toBe("0.02");
  });

  it("is undefined while an item is incomplete", () => {
    expect(liveTotals([{ name: "a", quantity: Number.NaN, unit_price: 1 }], 2)).toBeUndefined();
    expect(liveTotals([{ name: "a", unit_price: 1 }], 2)).toBeUndefined();
  });
});

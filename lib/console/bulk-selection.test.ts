import { describe, expect, it } from "vitest";
import { rangeOf, totalsByToken } from "@/lib/console/bulk-selection";

describe("rangeOf", () => {
  const ids = ["a", "b", "c", "d", "e"];
  it("covers both ends in the order shown, whichever way the range runs", () => {
    expect(rangeOf(ids, "b", "d")).toEqual(["b", "c", "d"]);
    expect(rangeOf(ids, "e", "c")).toEqual(["c", "d", "e"]);
  });
  it("is just the clicked row without an anchor on the page", () => {
    expect(rangeOf(ids, null, "c")).toEqual(["c"]);
    expect(rangeOf(ids, "gone", "c")).toEqual(["c"]);
    expect(rangeOf(ids, "a", "gone")).toEqual([]);
  });
});

describe("totalsByToken", () => {
  it("sums each token exactly, beyond what a float keeps", () => {
    const rows = [
      { amount: "0.1", token: "USDC", decimals: 6 },
      { amount: "0.2", token: "USDC", decimals: 6 },
      { amount: "90071992547.409931", token: "USDT", decimals: 6 },
      { amount: "0.000001", token: "USDT", decimals: 6 },
    ];
    expect(totalsByToken(rows)).toEqual([
      { token: "USDC", total: "0.3" },
      { token: "USDT", total: "90071992547.409932" },
    ]);
  });
  it("keeps the finest decimals when one token has several", () => {
    const rows = [
      { amount: "1.5", token: "USDT", decimals: 6 },
      { amount: "0.000000000000000001", token: "USDT", decimals: 18 },
    ];
    expect(totalsByToken(rows)).toEqual([{ token: "USDT", total: "1.500000000000000001" }]);
  });
});

import { describe, expect, it } from "vitest";
import { interiorTrigrams, selectiveTrigrams } from "@/lib/studio/search-trigrams";

describe("interiorTrigrams", () => {
  it("takes the windows inside each run of ASCII letters and digits, lowercased, once each", () => {
    expect(interiorTrigrams("R123@Bench.test")).toEqual(["r12", "123", "ben", "enc", "nch", "tes", "est"]);
    expect(interiorTrigrams("aaaa aaa")).toEqual(["aaa"]);
  });

  it("leaves out word edges, runs shorter than three and anything pg_trgm would hash", () => {
    expect(interiorTrigrams("ab cd-ef")).toEqual([]);
    expect(interiorTrigrams("Zoë Ñandú")).toEqual(["and"]);
    expect(interiorTrigrams("INV_2026")).toEqual(["inv", "202", "026"]);
    expect(interiorTrigrams("")).toEqual([]);
    // JavaScript lowercases the Kelvin sign to an ASCII k; the database need not.
    expect(interiorTrigrams("\u212Aab1")).toEqual(["ab1"]);
  });
});

describe("selectiveTrigrams", () => {
  const frequencies = new Map([
    ["ben", 1],
    ["enc", 1],
    ["nch", 1],
    ["tes", 1],
    ["est", 1],
    ["r12", 0.02],
    ["123", 0.005],
    ["001", 0.12],
  ]);

  it("asks for the rarest trigrams first, an unlisted one rarest of all", () => {
    expect(selectiveTrigrams("r123@bench.test", frequencies)).toEqual(["123", "r12"]);
    expect(selectiveTrigrams("zz9 r123", frequencies)).toEqual(["zz9", "123", "r12"]);
  });

  it("adds no trigram common enough to cost more than it narrows, but always keeps the rarest", () => {
    expect(selectiveTrigrams("INV-0012", frequencies)).toEqual(["inv", "012"]);
    expect(selectiveTrigrams("bench test", frequencies)).toEqual(["ben"]);
    expect(selectiveTrigrams("x0013", new Map([["x00", 0.3], ["001", 0.12], ["013", 0.06]]))).toEqual(["013"]);
  });

  it("stops at three and offers nothing for a search without a trigram", () => {
    expect(selectiveTrigrams("abcdefgh", new Map())).toEqual(["abc", "bcd", "cde"]);
    expect(selectiveTrigrams("@ é", frequencies)).toEqual([]);
  });
});

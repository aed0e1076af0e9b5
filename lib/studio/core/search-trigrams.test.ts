import { describe, expect, it } from "vitest";
import { narrowingTerms, selectiveTerms } from "@/lib/studio/core/search-trigrams";

const trigrams = (search: string) => narrowingTerms(search).map((term) => term.trigram);
const patterns = (terms: { pattern: string }[]) => terms.map((term) => term.pattern);

describe("narrowingTerms", () => {
  it("takes the windows inside each run of ASCII letters and digits, lowercased, once each", () => {
    expect(trigrams("R123x Bench")).toEqual(["r12", "123", "23x", "3x ", "ben", "enc", "nch"]);
    expect(trigrams("aaaa aaa")).toEqual(["aaa", "aa "]);
  });

  it("takes a run's end where the search ends it with an ASCII non-alphanumeric character", () => {
    expect(narrowingTerms("r37@bench.test")).toEqual([
      { pattern: "r37", trigram: "r37" },
      { pattern: "37@", trigram: "37 " },
      { pattern: "ben", trigram: "ben" },
      { pattern: "enc", trigram: "enc" },
      { pattern: "nch", trigram: "nch" },
      { pattern: "ch.", trigram: "ch " },
      { pattern: "tes", trigram: "tes" },
      { pattern: "est", trigram: "est" },
    ]);
    // A search that stops inside a word says nothing about where the text's word ends.
    expect(trigrams("INV-0012")).toEqual(["inv", "nv ", "001", "012"]);
    // A letter pg_trgm may count as part of the word does not end it.
    expect(trigrams("ab1é")).toEqual(["ab1"]);
  });

  it("leaves out word starts, runs too short, and anything pg_trgm would hash", () => {
    expect(trigrams("ab cd")).toEqual(["ab "]);
    expect(trigrams("Zoë Ñandú")).toEqual(["and"]);
    expect(trigrams("")).toEqual([]);
    // JavaScript lowercases the Kelvin sign to an ASCII k; the database need not.
    expect(trigrams("\u212Aab1")).toEqual(["ab1"]);
  });
});

describe("selectiveTerms", () => {
  const frequencies = new Map([
    ["ben", 1],
    ["enc", 1],
    ["nch", 1],
    ["ch ", 1],
    ["tes", 1],
    ["est", 1],
    ["r12", 0.02],
    ["123", 0.005],
    ["23 ", 0.03],
    ["001", 0.12],
    ["inv", 1],
    ["nv ", 1],
  ]);

  it("asks for the rarest terms first, an unlisted one rarest of all", () => {
    expect(patterns(selectiveTerms("r123@bench.test", frequencies))).toEqual(["123", "r12", "23@"]);
    expect(patterns(selectiveTerms("zz9 r123", frequencies))).toEqual(["zz9", "z9 ", "123"]);
  });

  it("adds no term common enough to cost more than it narrows, but always keeps the rarest", () => {
    expect(patterns(selectiveTerms("INV-0012", frequencies))).toEqual(["012"]);
    expect(patterns(selectiveTerms("bench test", frequencies))).toEqual(["ben"]);
    expect(patterns(selectiveTerms("x0013", new Map([["x00", 0.3], ["001", 0.12], ["013", 0.06]])))).toEqual(["013"]);
  });

  it("stops at three and offers nothing for a search without a trigram", () => {
    expect(patterns(selectiveTerms("abcdefgh", new Map()))).toEqual(["abc", "bcd", "cde"]);
    expect(selectiveTerms("@ é", frequencies)).toEqual([]);
  });
});

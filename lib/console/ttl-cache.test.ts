import { describe, expect, it } from "vitest";
import { createTtlCache } from "@/lib/console/ttl-cache";

describe("TTL + LRU cache", () => {
  it("forgets an entry after its time to live", () => {
    const cache = createTtlCache<number>({ max: 10, ttlMs: 1000 });
    cache.set("a", 1, 0);
    expect(cache.get("a", 999)).toBe(1);
    expect(cache.get("a", 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("holds at most max entries, dropping expired ones first, then the least recently used", () => {
    const cache = createTtlCache<number>({ max: 3, ttlMs: 1000 });
    cache.set("a", 1, 0);
    cache.set("b", 2, 500);
    cache.set("c", 3, 600);
    expect(cache.get("b", 700)).toBe(2); // b is now the most recently used
    cache.set("d", 4, 1100); // a expired: it goes
    expect([cache.get("b", 1100), cache.get("c", 1100), cache.get("d", 1100)]).toEqual([2, 3, 4]);
    cache.get("b", 1150);
    cache.get("d", 1150);
    cache.set("e", 5, 1200); // c is least recently used
    expect(cache.get("c", 1200)).toBeUndefined();
    for (let i = 0; i < 10_000; i++) cache.set(`k${i}`, i, 1300);
    expect(cache.size).toBe(3);
  });
});

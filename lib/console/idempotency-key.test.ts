import { describe, expect, it } from "vitest";
import { isValidIdempotencyKey, newIdempotencyKey } from "@/lib/console/idempotency-key";

describe("idempotency keys", () => {
  it("accepts 1 to 255 printable characters, spaces only inside", () => {
    for (const key of ["a", newIdempotencyKey(), "x".repeat(255), "order 42/approve:~", "!~"]) expect(isValidIdempotencyKey(key), key).toBe(true);
  });

  it("refuses empty, too long, control, non-ASCII and space-edged keys", () => {
    for (const key of ["", "x".repeat(256), "a\u0000b", "tab\tkey", "line\nbreak", "ключ", "é", " lead", "trail ", " "]) {
      expect(isValidIdempotencyKey(key), JSON.stringify(key)).toBe(false);
    }
  });

  it("every new key is different", () => {
    expect(new Set(Array.from({ length: 50 }, newIdempotencyKey)).size).toBe(50);
  });
});

import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/console/passwords";

describe("password hashing", () => {
  it("verifies the right password only and salts every hash", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await hashPassword("correct horse")).not.toBe(stored);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});

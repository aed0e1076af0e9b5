import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, needsRehash, verifyPassword } from "@/lib/console/passwords";

// Each hash at OWASP's cost takes ~0.3 s on an idle core and several times that on a busy 2-core
// machine; four in one test need more than vitest's default 5 s.
describe("password hashing", { timeout: 30_000 }, () => {
  it("verifies the right password only and salts every hash", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await hashPassword("correct horse")).not.toBe(stored);
    expect(await verifyPassword("x", "garbage")).toBe(false);
    expect(await verifyPassword("x", "scrypt$3$8$1$AAAA$AAAA")).toBe(false);
  });

  it("hashes at OWASP's minimum scrypt cost (N=2^17, r=8, p=1) and records it in the hash", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(needsRehash(stored)).toBe(false);
  });

  it("still verifies a hash made with the earlier, cheaper parameters, and flags it for re-hashing", async () => {
    const salt = Buffer.from("0123456789abcdef");
    const hash = scryptSync("old password".normalize("NFKC"), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = ["scrypt", 2 ** 15, 8, 1, salt.toString("base64url"), hash.toString("base64url")].join("$");
    expect(await verifyPassword("old password", old)).toBe(true);
    expect(await verifyPassword("old passwort", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });
});

describe("first passwords", () => {
  it("are long, URL-safe and never repeat", () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });
});

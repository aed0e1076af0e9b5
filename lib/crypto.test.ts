import { createCipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadOrCreateSecret, resealFirstFormat, seal, sealingKey, unseal } from "@/lib/crypto";

const secret = Buffer.from("a".repeat(40));
const keys = { secret, key: sealingKey(secret, "console/api-key") };

describe("sealing secrets at rest", () => {
  it("opens what it sealed for the same row, and nothing copied to another row", () => {
    const sealed = seal("sk_live_123", keys.key, "console_accounts:a@example.test:api_key");
    expect(sealed.startsWith("v2.")).toBe(true);
    expect(unseal(sealed, keys, "console_accounts:a@example.test:api_key")).toBe("sk_live_123");
    expect(() => unseal(sealed, keys, "console_accounts:b@example.test:api_key")).toThrow();
  });

  it("derives a distinct key per purpose, so one kind of sealed value cannot be opened as another", () => {
    const other = { secret, key: sealingKey(secret, "studio/hd-seed") };
    expect(other.key.equals(keys.key)).toBe(false);
    const sealed = seal("mnemonic words", other.key, "row");
    expect(() => unseal(sealed, keys, "row")).toThrow();
  });

  it("refuses a truncated authentication tag", () => {
    const [version, iv, tag, ciphertext] = seal("x", keys.key, "row").split(".");
    const short = [version, iv, Buffer.from(tag!, "base64url").subarray(0, 4).toString("base64url"), ciphertext].join(".");
    expect(() => unseal(short, keys, "row")).toThrow("Malformed sealed value");
  });

  it("refuses values of the first format (SHA-256 of the secret, bound to no row); re-sealing binds them to their row", () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(secret).digest(), iv);
    const ciphertext = Buffer.concat([cipher.update("legacy", "utf8"), cipher.final()]);
    const legacy = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")).join(".");
    expect(() => unseal(legacy, keys, "row")).toThrow("first format");
    const resealed = resealFirstFormat(legacy, keys, "row")!;
    expect(resealed.startsWith("v2.")).toBe(true);
    expect(unseal(resealed, keys, "row")).toBe("legacy");
    expect(() => unseal(resealed, keys, "another row")).toThrow();
    expect(resealFirstFormat(resealed, keys, "row")).toBeNull();
  });
});

describe("the server secret file", () => {
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "studio-secret-"));

  it("is created once, whole, with mode 0600, and read back the same by every later start", () => {
    const dir = tempDir();
    const first = loadOrCreateSecret(dir, "studio-secret", undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadOrCreateSecret(dir, "studio-secret", undefined).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, "studio-secret")).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(["studio-secret"]);
  });

  it("refuses an empty or short secret instead of sealing under it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "studio-secret"), "");
    expect(() => loadOrCreateSecret(dir, "studio-secret", undefined)).toThrow(/shorter than 32 bytes/);
    expect(() => loadOrCreateSecret(dir, "studio-secret", "too-short")).toThrow(/shorter than 32 bytes/);
  });
});

// Secrets at rest in the first sealed format (bound to no row, one key for every purpose) are
// re-sealed at start, on each driver, and then only the current format opens.
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, dropTarget, freshTarget, queryRows, withStudio, type Target } from "./support";

const SETTINGS = { SEED_DEMO: "0", SWEEPER: "0", STUDIO_SECRET: undefined, CONSOLE_SECRET: undefined };

/** `iv.tag.ciphertext` under SHA-256 of the server secret: what the first format wrote. */
function firstFormat(plaintext: string, secretFile: string): string {
  const secret = Buffer.from(fs.readFileSync(secretFile, "utf8").trim(), "utf8");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(secret).digest(), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")).join(".");
}

describe.each(drivers)("first-format sealed values on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "sealed");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("are re-sealed at start (HD seeds and console-held keys), bound to their row; the first format itself is refused", async () => {
    const mnemonic = "legacy words ".repeat(4).trim();
    const apiKey = `stk_${"L".repeat(32)}`;
    const orgId = await withStudio(
      target,
      async (client) => {
        const { awaitReady } = await import("@/lib/studio/process/boot");
        await awaitReady();
        const { createOrganization } = await import("@/lib/studio/orgs/operator");
        const { createConsoleAccount } = await import("@/lib/console/accounts");
        const { unsealHdSeed } = await import("@/lib/studio/core/secrets");
        const org = await createOrganization({ name: "Legacy Ltd" });
        await createConsoleAccount({ email: "legacy@sealed.test", displayName: "Legacy", password: "legacy-password", apiKey: "stk_placeholder" });
        const oldSeed = firstFormat(mnemonic, path.join(target.dataDir, "studio-secret"));
        const oldKey = firstFormat(apiKey, path.join(target.dataDir, "console-secret"));
        await queryRows(client, sql`UPDATE organizations SET hd_seed_sealed = ${oldSeed} WHERE id = ${org.id}`);
        await queryRows(client, sql`UPDATE console_accounts SET api_key_sealed = ${oldKey} WHERE email = 'legacy@sealed.test'`);
        expect(() => unsealHdSeed(org.id, oldSeed)).toThrow("first format");
        const { unsealAccountApiKey } = await import("@/lib/console/secret");
        expect(() => unsealAccountApiKey("legacy@sealed.test", oldKey)).toThrow("first format");
        return org.id;
      },
      SETTINGS,
    );

    await withStudio(
      target,
      async (client) => {
        const { boot } = await import("@/lib/boot");
        await boot();
        const { unsealHdSeed } = await import("@/lib/studio/core/secrets");
        const { findAccountByEmail, accountApiKey } = await import("@/lib/console/accounts");
        const [org] = await queryRows<{ hd_seed_sealed: string }>(client, sql`SELECT hd_seed_sealed FROM organizations WHERE id = ${orgId}`);
        expect(org!.hd_seed_sealed.startsWith("v2.")).toBe(true);
        expect(unsealHdSeed(orgId, org!.hd_seed_sealed)).toBe(mnemonic);
        // Bound to its row now: the same value does not open as another organization's.
        expect(() => unsealHdSeed(orgId + 1, org!.hd_seed_sealed)).toThrow();
        const account = await findAccountByEmail("legacy@sealed.test");
        expect(account!.apiKeySealed.startsWith("v2.")).toBe(true);
        expect(accountApiKey(account!)).toBe(apiKey);
      },
      SETTINGS,
    );
  });
});

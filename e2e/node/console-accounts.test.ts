// Console accounts against a real database on each driver: the Studio key is stored only sealed,
// the password only hashed, and the demo seed creates each account once.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, dropTarget, dumpAllRows, freshTarget, withStudio, type Target } from "./support";

const KEY = "stk_" + "A".repeat(16) + "b".repeat(16);
const NO_SECRET = { CONSOLE_SECRET: undefined, SEED_DEMO: "0" };

describe.each(drivers)("console accounts on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "console");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("stores the API key sealed under a generated CONSOLE_SECRET and the password as a scrypt hash", async () => {
    await withStudio(
      target,
      async (client) => {
        const accounts = await import("@/lib/console/accounts");
        const { verifyPassword } = await import("@/lib/console/passwords");
        await accounts.createConsoleAccount({ email: " Pat@Example.TEST ", displayName: "Pat", password: "long enough", apiKey: KEY, clientId: "cid_1" });
        const dump = await dumpAllRows(client);
        expect(dump).toContain("pat@example.test");
        expect(dump).not.toContain(KEY);
        expect(dump).not.toContain(KEY.slice(4, 20));
        expect(dump).not.toContain("long enough");
        const row = await accounts.findAccountByEmail("PAT@example.test");
        expect(await verifyPassword("long enough", row!.passwordHash)).toBe(true);
        expect(accounts.accountApiKey(row!)).toBe(KEY);
        expect(row?.clientId).toBe("cid_1");
        expect(fs.statSync(path.join(target.dataDir, "console-secret")).mode & 0o777).toBe(0o600);
      },
      NO_SECRET,
    );
  });

  it("refuses a second account with the same email and a short password", async () => {
    await withStudio(
      target,
      async () => {
        const accounts = await import("@/lib/console/accounts");
        // The email's unique index refuses it (SQLSTATE 23505, unique_violation), on either driver.
        const duplicate = await accounts
          .createConsoleAccount({ email: "PAT@example.test", displayName: "Pat 2", password: "long enough", apiKey: KEY })
          .then(() => undefined, (error: { code?: string; cause?: { code?: string } }) => error);
        expect(duplicate?.cause?.code ?? duplicate?.code).toBe("23505");
        await expect(
          accounts.createConsoleAccount({ email: "short@example.test", displayName: "S", password: "short", apiKey: KEY }),
        ).rejects.toThrow("at least 8");
      },
      NO_SECRET,
    );
  });

  it("creates one account per demo user, once, linked to that user's key, uid and client id", async () => {
    const users = ["finance", "viewer"].map((role) => ({
      uid: `u_${role}`,
      role,
      name: `Demo ${role}`,
      email: `${role}@demo.test`,
      password: `${role}-password`,
      api_key: `stk_${role.padEnd(32, "x")}`,
    }));
    fs.writeFileSync(path.join(target.dataDir, "demo-credentials.json"), JSON.stringify({ orgs: [{ client_id: "cid_demo", users }] }));
    await withStudio(
      target,
      async () => {
        const accounts = await import("@/lib/console/accounts");
        const { verifyPassword } = await import("@/lib/console/passwords");
        expect(await accounts.seedDemoAccounts()).toBe(2);
        expect(await accounts.seedDemoAccounts()).toBe(0);
        const finance = await accounts.findAccountByEmail("FINANCE@demo.test");
        expect(finance?.studioUid).toBe("u_finance");
        expect(finance?.clientId).toBe("cid_demo");
        expect(accounts.accountApiKey(finance!)).toBe("stk_financexxxxxxxxxxxxxxxxxxxxxxxxx");
        expect(await verifyPassword("finance-password", finance!.passwordHash)).toBe(true);
        expect((await accounts.namesForUids(["u_viewer", "u_unknown"])).get("u_viewer")).toBe("Demo viewer");
      },
      // Demo data on, as under npm run dev; the accounts module alone runs, so no Studio seed.
      { ...NO_SECRET, SEED_DEMO: "1" },
    );
  });

  it.each([
    ["SEED_DEMO=0, even from a demo-credentials.json left in DATA_DIR", { SEED_DEMO: "0" }],
    ["SEED_DEMO_ACCOUNTS=0: the demo keeps its API keys only", { SEED_DEMO: "1", SEED_DEMO_ACCOUNTS: "0" }],
  ])("makes no demo sign-ins with %s", async (_, settings) => {
    const users = [{ uid: "u_left", role: "admin", name: "Left Over", email: "left-over@demo.test", password: "left-over-password", api_key: `stk_${"l".repeat(32)}` }];
    fs.writeFileSync(path.join(target.dataDir, "demo-credentials.json"), JSON.stringify({ orgs: [{ client_id: "cid_demo", users }] }));
    await withStudio(
      target,
      async () => {
        const accounts = await import("@/lib/console/accounts");
        expect(await accounts.seedDemoAccounts()).toBe(0);
        expect(await accounts.findAccountByEmail("left-over@demo.test")).toBeUndefined();
      },
      { ...NO_SECRET, ...settings },
    );
  });

  it("cannot unseal a key under a different CONSOLE_SECRET", async () => {
    await withStudio(
      target,
      async () => {
        const accounts = await import("@/lib/console/accounts");
        const row = await accounts.findAccountByEmail("pat@example.test");
        // AES-GCM's authentication fails: the key is refused, never decrypted into garbage.
        expect(() => accounts.accountApiKey(row!)).toThrow(/unable to authenticate data/);
      },
      { CONSOLE_SECRET: "another-secret-that-is-at-least-32-characters-long" },
    );
  });
});

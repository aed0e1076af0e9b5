// Console accounts on a real (temporary PGlite) database: the Studio key is sealed at rest, the
// password only hashed, and the demo seed is idempotent.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-accounts-"));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
delete process.env.CONSOLE_SECRET;

const { db, closeDatabase } = await import("@/lib/db/client");
const { consoleAccounts } = await import("@/lib/console/db/schema");
const accounts = await import("@/lib/console/accounts");
const { verifyPassword } = await import("@/lib/console/passwords");

const KEY = "stk_" + "A".repeat(16) + "b".repeat(16);

beforeAll(async () => {
  await db();
});
afterAll(async () => {
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("console accounts", () => {
  it("stores the API key sealed under a generated CONSOLE_SECRET and the password as a scrypt hash", async () => {
    await accounts.createConsoleAccount({ email: " Pat@Example.TEST ", displayName: "Pat", password: "long enough", apiKey: KEY, clientId: "cid_1" });
    const rows = await (await db()).select().from(consoleAccounts);
    const row = rows.find((candidate) => candidate.email === "pat@example.test");
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(row?.passwordHash).not.toContain("long enough");
    expect(await verifyPassword("long enough", row!.passwordHash)).toBe(true);
    expect(accounts.accountApiKey(row!)).toBe(KEY);
    expect(row?.clientId).toBe("cid_1");
    expect(fs.statSync(path.join(dataDir, "console-secret")).mode & 0o777).toBe(0o600);
  });

  it("refuses a second account with the same email and a short password", async () => {
    await expect(
      accounts.createConsoleAccount({ email: "pat@example.test", displayName: "Pat 2", password: "long enough", apiKey: KEY }),
    ).rejects.toThrow();
    await expect(
      accounts.createConsoleAccount({ email: "short@example.test", displayName: "S", password: "short", apiKey: KEY }),
    ).rejects.toThrow("at least 8");
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
    fs.writeFileSync(path.join(dataDir, "demo-credentials.json"), JSON.stringify({ orgs: [{ client_id: "cid_demo", users }] }));
    expect(await accounts.seedDemoAccounts()).toBe(2);
    expect(await accounts.seedDemoAccounts()).toBe(0);
    const finance = await accounts.findAccountByEmail("FINANCE@demo.test");
    expect(finance?.studioUid).toBe("u_finance");
    expect(finance?.clientId).toBe("cid_demo");
    expect(accounts.accountApiKey(finance!)).toBe("stk_financexxxxxxxxxxxxxxxxxxxxxxxxx");
    expect(await verifyPassword("finance-password", finance!.passwordHash)).toBe(true);
    expect((await accounts.namesForUids(["u_viewer", "u_unknown"])).get("u_viewer")).toBe("Demo viewer");
  });
});

// Start-up on a fresh database, on each driver: migrations apply, the demo seed runs once and
// writes its credentials file, SEED_DEMO=0 seeds nothing.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, dropTarget, freshTarget, queryRows, withStudio, type Target } from "./support";

const journal = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../lib/db/migrations/meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

// Product decisions: the demo roles and what each may do.
const ROLE_PERMISSIONS: Record<string, string[]> = {
  finance: ["transfer:create", "transfer:read"],
  approver: ["transfer:approve", "transfer:read"],
  admin: ["org:manage", "transfer:approve", "transfer:create", "transfer:read", "transfer:sign"],
  viewer: ["transfer:read"],
};
const SEED_INVOICES = 3;

type Counts = { migrations: number; orgs: number; users: number; keys: number; invoices: number };

async function startUp(target: Target, seedDemo?: "0"): Promise<Counts> {
  return withStudio(
    target,
    async (client) => {
      const { awaitReady } = await import("@/lib/studio/process/boot");
      await awaitReady();
      const count = async (table: string) => {
        const rows = await queryRows<{ n: number }>(client, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`);
        return Number(rows[0]?.n);
      };
      return {
        migrations: await count("drizzle.__drizzle_migrations"),
        orgs: await count("organizations"),
        users: await count("users"),
        keys: await count("api_keys"),
        invoices: await count("invoices"),
      };
    },
    { SEED_DEMO: seedDemo, SEED_DEMO_INVOICES: String(SEED_INVOICES) },
  );
}

describe.each(drivers)("start-up on %s", (driver) => {
  const targets: Target[] = [];
  const fresh = async () => {
    const target = await freshTarget(driver, "boot", { empty: true });
    targets.push(target);
    return target;
  };
  afterAll(async () => {
    for (const target of targets) await dropTarget(target);
  });

  let seeded: Target;
  let first: Counts;
  beforeAll(async () => {
    seeded = await fresh();
    first = await startUp(seeded);
  });

  it("applies every migration and seeds two demo organizations", () => {
    expect(first).toEqual({ migrations: journal.entries.length, orgs: 2, users: 8, keys: 8, invoices: SEED_INVOICES });
  });

  it("numbers the demo's history in time order: its audit log, ledger and status logs read in order as a live server writes them", async () => {
    await withStudio(seeded, async (client) => {
      const rows = await queryRows<{ log: string; id: number; created_at: string }>(
        client,
        sql`SELECT 'audit_log' AS log, id::int AS id, created_at::text AS created_at FROM audit_log
            UNION ALL SELECT 'ledger_entries', id::int, created_at::text FROM ledger_entries
            UNION ALL SELECT 'status_logs', id::int, created_at::text FROM status_logs
            ORDER BY 1, 2`,
      );
      for (const log of ["audit_log", "ledger_entries", "status_logs"]) {
        const times = rows.filter((row) => row.log === log).map((row) => new Date(row.created_at).getTime());
        expect(times.length, `${log} has rows`).toBeGreaterThan(0);
        const outOfOrder = times.flatMap((time, index) => (index > 0 && time < times[index - 1]! ? [rows.filter((row) => row.log === log)[index]] : []));
        expect(outOfOrder, `${log}: rows dated before the row numbered just before them`).toEqual([]);
      }
    });
  });

  it("writes demo-credentials.json with mode 0600 in the documented shape, with working keys", async () => {
    const file = path.join(seeded.dataDir, "demo-credentials.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const credentials = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(Object.keys(credentials)).toEqual(["orgs"]);
    expect(credentials.orgs.map((org: { name: string }) => org.name)).toEqual(["Demo Merchant", "Second Merchant"]);
    for (const org of credentials.orgs) {
      expect(Object.keys(org).sort()).toEqual(["client_id", "name", "org_id", "users", "webhook_secret"]);
      expect(org).toMatchObject({ org_id: expect.any(Number), client_id: expect.stringMatching(/^cli_/), webhook_secret: expect.stringMatching(/^whsec_/) });
      expect(org.users.map((user: { role: string }) => user.role).sort()).toEqual(Object.keys(ROLE_PERMISSIONS).sort());
      for (const user of org.users) {
        expect(Object.keys(user).sort()).toEqual(["api_key", "email", "name", "password", "permissions", "role", "uid"]);
        expect([...user.permissions].sort()).toEqual(ROLE_PERMISSIONS[user.role]);
        expect(user).toMatchObject({
          uid: expect.stringMatching(/^usr_/),
          name: expect.any(String),
          email: expect.stringContaining("@"),
          password: expect.stringMatching(/^.{12,}$/),
          api_key: expect.stringMatching(/^stk_[A-Za-z0-9_-]{32}$/),
        });
      }
    }
    // The keys in the file are live, act as the listed user, and carry that user's permissions.
    await withStudio(seeded, async () => {
      const { authenticate } = await import("@/lib/studio/auth/principal");
      for (const org of credentials.orgs) {
        for (const user of org.users) {
          const principal = await authenticate(user.api_key);
          expect(principal).toMatchObject({ uid: user.uid, orgId: org.org_id, orgName: org.name, email: user.email });
          expect([...principal.permissions].sort()).toEqual(ROLE_PERMISSIONS[user.role]);
        }
      }
    });
  });

  it("does not seed again on a second start", async () => {
    const file = path.join(seeded.dataDir, "demo-credentials.json");
    const before = fs.readFileSync(file, "utf8");
    const second = await startUp(seeded);
    expect(second).toEqual(first);
    expect(fs.readFileSync(file, "utf8")).toBe(before);
  });

  it("seeds nothing with SEED_DEMO=0, but still migrates", async () => {
    const target = await fresh();
    const counts = await startUp(target, "0");
    expect(counts).toEqual({ migrations: journal.entries.length, orgs: 0, users: 0, keys: 0, invoices: 0 });
    expect(fs.existsSync(path.join(target.dataDir, "demo-credentials.json"))).toBe(false);
  });
});

// /api/ready, the probe a load balancer asks before sending traffic: ready on a started server;
// 503 naming the check when a migration is missing or the database refuses connections, and
// ready again once it is back. /api/health stays 200 throughout: the process itself is alive.
// `npm run db:migrate` brings a database up to date without starting a server.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "@/lib/db/pglite-extensions";
import { dropTarget, freshTarget, startBuilt, targetEnvironment } from "../node/support";
import { ownServer, suiteDriver, type OwnServer } from "./support";

const root = path.resolve(import.meta.dirname, "../..");

async function probe(server: OwnServer, route: "ready" | "health") {
  const response = await fetch(`${server.baseUrl}/api/${route}`);
  return { status: response.status, body: (await response.json()) as { status: string; checks?: Record<string, string> } };
}

describe(`readiness on ${suiteDriver}`, () => {
  let server: OwnServer;
  beforeAll(async () => {
    server = await ownServer("ready", suiteDriver, { SEED_DEMO_INVOICES: "0" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a started server is ready: database answering, every migration applied", async () => {
    expect(await probe(server, "ready")).toEqual({
      status: 200,
      body: { status: "ready", checks: { started: "ok", database: "ok", migrations: "ok", chains: "ok" } },
    });
  });

  it.runIf(suiteDriver === "postgres")("a database behind the code's migrations, then a database refusing connections, are not ready", async () => {
    const admin = new pg.Client({ connectionString: server.target.databaseUrl });
    // A database's connections are switched off from another one (the suite's).
    const outside = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([admin.connect(), outside.connect()]);
    const name = new URL(server.target.databaseUrl!).pathname.slice(1);
    try {
      // The record of the newest migration goes: as a database the code is newer than.
      const [newest] = (await admin.query("SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1")).rows;
      await admin.query("DELETE FROM drizzle.__drizzle_migrations WHERE id = $1", [newest.id]);
      const behind = await probe(server, "ready");
      expect(behind.status).toBe(503);
      expect(behind.body.checks).toMatchObject({ database: "ok", migrations: expect.stringMatching(/^1 not applied: 0\d{3}_/) });
      await admin.query("INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)", [newest.id, newest.hash, newest.created_at]);
      expect((await probe(server, "ready")).status).toBe(200);

      // No new connection, a superuser's included (CONNECTION LIMIT does not bind one), and none left.
      const [{ pid: adminPid }] = (await admin.query("SELECT pg_backend_pid() AS pid")).rows;
      await outside.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await outside.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2", [name, adminPid]);
      const down = await probe(server, "ready");
      expect(down.status).toBe(503);
      expect(down.body.checks?.database).not.toBe("ok");
      expect((await probe(server, "health")).status).toBe(200);
    } finally {
      await outside.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await outside.end();
      await admin.end();
    }
    // Back: the pool opens new connections.
    let again = await probe(server, "ready");
    for (let tries = 0; again.status !== 200 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await probe(server, "ready");
    }
    expect(again.status).toBe(200);
  });
});

describe(`npm run db:migrate on ${suiteDriver}`, () => {
  it("brings an empty database to the current schema and exits 0, without a server", async () => {
    const target = await freshTarget(suiteDriver, "migrate", { empty: true });
    try {
      const migrate = startBuilt("migrate", targetEnvironment(target));
      expect(await migrate.exited, migrate.output()).toBe(0);
      expect(migrate.output()).toContain("the database schema is current");
      // Every migration of the journal is recorded as applied, read straight from the database.
      const journal = JSON.parse(fs.readFileSync(path.join(root, "lib/db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
      const query = "SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations";
      let applied: number;
      if (target.databaseUrl) {
        const client = new pg.Client({ connectionString: target.databaseUrl });
        await client.connect();
        applied = (await client.query(query)).rows[0].applied;
        await client.end();
      } else {
        const client = await PGlite.create(path.join(target.dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS });
        applied = (await client.query<{ applied: number }>(query)).rows[0]!.applied;
        await client.close();
      }
      expect(applied).toBe(journal.entries.length);
    } finally {
      await dropTarget(target);
    }
  });
});

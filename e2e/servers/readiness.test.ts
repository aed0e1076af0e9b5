// /api/ready, the probe a load balancer asks before sending traffic: ready on a started server;
// 503 when a migration is missing or the database refuses connections (naming the check to those
// holding METRICS_TOKEN; the public answer is ready / not ready alone), and ready again once it is
// back; however often it is asked, each chain's node gets at most one request per few seconds.
// /api/health stays 200 throughout: the process itself is alive.
// `npm run db:migrate` brings a database up to date without starting a server.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "@/lib/db/pglite-extensions";
import { dropTarget, freshTarget, startBuilt, targetEnvironment } from "../node/support";
import { ownServer, suiteDriver, type OwnServer } from "./support";
import { startLocalNode, type LocalNode } from "../chain/local-node";
import { startRpcProxy, type RpcProxy } from "../chain/rpc-proxy";

const root = path.resolve(import.meta.dirname, "../..");

const METRICS_TOKEN = "readiness-metrics-token-0123456789";
const operator = { authorization: `Bearer ${METRICS_TOKEN}` };

async function probe(server: OwnServer, route: "ready" | "health", headers: Record<string, string> = operator) {
  const response = await fetch(`${server.baseUrl}/api/${route}`, { headers });
  return { status: response.status, body: (await response.json()) as { status: string; checks?: Record<string, string> } };
}

describe(`readiness on ${suiteDriver}`, () => {
  let server: OwnServer;
  let node: LocalNode;
  let proxy: RpcProxy;
  beforeAll(async () => {
    node = await startLocalNode();
    // Every request to the chain's node passes here, and is counted.
    proxy = await startRpcProxy(node.directUrl);
    server = await ownServer("ready", suiteDriver, {
      SEED_DEMO_INVOICES: "0",
      METRICS_TOKEN,
      SWEEPER: "0",
      CHAIN_ARB_RPC_URL: proxy.url,
      CHAIN_ARB_TOKEN_USDC: node.tokens.USDC,
      CHAIN_ARB_TOKEN_USDT: node.tokens.USDT,
    });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await node?.stop();
  });

  it("a started server is ready: database answering, every migration applied; the checks only for METRICS_TOKEN", async () => {
    expect(await probe(server, "ready")).toEqual({
      status: 200,
      body: { status: "ready", checks: { started: "ok", database: "ok", migrations: "ok", chains: "ok" } },
    });
    // The public (and a wrong token) learn ready or not, nothing of the database, migrations or nodes.
    for (const headers of [{}, { authorization: "Bearer not-the-metrics-token" }] as Array<Record<string, string>>) {
      expect(await probe(server, "ready", headers)).toEqual({ status: 200, body: { status: "ready" } });
    }
  });

  it("asks each chain's node at most once per few seconds, however often it is asked", async () => {
    // Past the last probe's window, then 20 requests at once and 20 more one after another.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    proxy.resetCalls();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => probe(server, "ready", index % 2 ? operator : {})));
    for (let request = 0; request < 20; request++) answers.push(await probe(server, "ready", {}));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    if (Date.now() - started < 4_500) expect(proxy.calls("eth_blockNumber")).toBe(1);
    else expect(proxy.calls("eth_blockNumber")).toBeLessThanOrEqual(2);
    // The node going away shows to the operator (degraded, ready all the same) once the window has passed.
    proxy.setReachable(false);
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(await probe(server, "ready")).toMatchObject({ status: 200, body: { status: "degraded", checks: { chains: "unreachable: arb" } } });
    expect(await probe(server, "ready", {})).toEqual({ status: 200, body: { status: "ready" } });
    proxy.setReachable(true);
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
      expect(await probe(server, "ready", {})).toEqual({ status: 503, body: { status: "not_ready" } });
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

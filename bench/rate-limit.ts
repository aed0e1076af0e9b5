// What the per-key rate limit adds to every API request: one `take` against the store. Measures it
// in this process on PGlite, PostgreSQL and Redis: wall time per take one at a time (the latency
// a request gains), throughput with 20 at once over 100 keys (as many clients would), and this
// process's CPU per take (for PGlite that includes the database, which runs in-process). A
// `SELECT 1` round trip is measured beside it as the floor of any statement.
//
//   npx tsx bench/rate-limit.ts [--takes 5000] [--only pglite,postgres,redis]
//
// PostgreSQL: a scratch database beside DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// dropped afterwards. Redis: REDIS_URL (default redis://127.0.0.1:6379), keys under a scratch prefix.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { perSecond } from "@/lib/rate-limit/gcra";
import { postgresStore } from "@/lib/rate-limit/postgres-store";
import { redisClient, redisStore } from "@/lib/rate-limit/redis-store";
import type { RateLimitStore } from "@/lib/rate-limit/store";
import { PGLITE_EXTENSIONS } from "@/lib/db/pglite-extensions";

const { values } = parseArgs({ options: { takes: { type: "string", default: "5000" }, only: { type: "string", default: "pglite,postgres,redis" } } });
const takes = Number(values.takes);
const only = new Set(values.only!.split(","));
const root = path.resolve(import.meta.dirname, "..");
const migrationsFolder = path.join(root, "lib/db/migrations");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Never refuses during the bench: every take is a full decide-and-write.
const policy = perSecond(1_000_000);

type Figures = { label: string; latencyUs: { mean: number; p50: number; p99: number }; cpuUsPerOp: number; concurrentPerSecond: number };

async function measure(label: string, operation: (n: number) => Promise<unknown>): Promise<Figures> {
  for (let n = 0; n < 200; n++) await operation(n); // warm-up: prepared plans, JIT, connections
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let n = 0; n < takes; n++) {
    const started = performance.now();
    await operation(n);
    latencies.push((performance.now() - started) * 1000);
  }
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const concurrentStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < takes) await operation(next++);
    }),
  );
  const concurrentSeconds = (performance.now() - concurrentStarted) / 1000;
  return {
    label,
    latencyUs: {
      mean: latencies.reduce((sum, value) => sum + value, 0) / latencies.length,
      p50: latencies[Math.floor(latencies.length * 0.5)]!,
      p99: latencies[Math.floor(latencies.length * 0.99)]!,
    },
    cpuUsPerOp: (cpu.user + cpu.system) / takes,
    concurrentPerSecond: takes / concurrentSeconds,
  };
}

const keyOf = (n: number) => `api:bench-key-${n % 100}`;
const takeWith = (store: RateLimitStore) => (n: number) => store.take(keyOf(n), policy);

async function benchPglite(): Promise<Figures[]> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-rate-"));
  const client = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  try {
    const database = drizzle({ client });
    await migrate(database, { migrationsFolder });
    const store = postgresStore(async () => database);
    return [
      await measure("PGlite  SELECT 1 (floor)", () => database.execute(sql`SELECT 1`)),
      await measure("PGlite  take", takeWith(store)),
    ];
  } finally {
    await client.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<Figures[]> {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const name = `studio_bench_rate_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  try {
    const database = drizzle({ client: pool });
    await migrate(database, { migrationsFolder });
    const store = postgresStore(async () => database);
    return [
      await measure("Postgres SELECT 1 (floor)", () => database.execute(sql`SELECT 1`)),
      await measure("Postgres take", takeWith(store)),
    ];
  } finally {
    // pool.end() resolves before its connections have closed; the forced drop may end them first.
    pool.on("error", () => undefined);
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchRedis(): Promise<Figures[]> {
  const client = await redisClient(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  const prefix = `bench:${randomBytes(4).toString("hex")}:`;
  try {
    await client.connect();
    const store = redisStore(async () => client, prefix);
    return [await measure("Redis   PING (floor)", () => client.sendCommand(["PING"])), await measure("Redis   take", takeWith(store))];
  } finally {
    for (let n = 0; n < 100; n++) await client.del(prefix + keyOf(n));
    await client.close();
  }
}

const results: Figures[] = [];
if (only.has("pglite")) results.push(...(await benchPglite()));
if (only.has("postgres")) results.push(...(await benchPostgres()));
if (only.has("redis")) results.push(...(await benchRedis()));

console.log(`\n${takes} operations each, one at a time (latency, CPU of this process) and 20 at once (throughput):\n`);
console.log("operation                   mean µs   p50 µs   p99 µs   CPU µs/op   ops/s at 20 concurrent");
for (const figures of results) {
  const { mean, p50, p99 } = figures.latencyUs;
  console.log(
    `${figures.label.padEnd(26)} ${mean.toFixed(0).padStart(8)} ${p50.toFixed(0).padStart(8)} ${p99.toFixed(0).padStart(8)} ${figures.cpuUsPerOp
      .toFixed(0)
      .padStart(11)} ${figures.concurrentPerSecond.toFixed(0).padStart(24)}`,
  );
}

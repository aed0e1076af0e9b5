// `npm run bench:webhooks`: webhook delivery to a local receiver on 127.0.0.1, in-process, on a
// scratch PostgreSQL database (dropped at the end) or, with BENCH_DRIVER=pglite, a temp PGlite.
// Two figures, each printed with pass/fail against issue 9's target:
//   latency    - from a status change's commit (an invoice approval) to its arrival at the
//                receiver, with the embedded dispatcher running (p50, p99; target p50 < 500 ms);
//   throughput - an outbox of BENCH_EVENTS pending events, drained by one dispatcher started
//                after they were written: deliveries per second (target >= 500/s).
// The throughput outbox is, by default, one real approval's event row copied BENCH_EVENTS times
// (each copy its own event id and object, as one approval per invoice gives): only the drain is
// timed, and writing 3000 events through approvals takes minutes on this machine.
// BENCH_WRITE=approvals writes them through real approvals instead.
// Environment (optional): BENCH_DRIVER (postgres | pglite; default postgres), DATABASE_URL (the
// server for the scratch database; default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_CHANGES (300), BENCH_EVENTS (3000), BENCH_CONCURRENCY (10 status changes at a time),
// BENCH_PROFILE (a file: writes a V8 CPU profile of the drain phase there).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startReceiver } from "../e2e/webhook-receiver";

const driver = process.env.BENCH_DRIVER === "pglite" ? "pglite" : "postgres";
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const changes = Number(process.env.BENCH_CHANGES ?? 300);
const events = Number(process.env.BENCH_EVENTS ?? 3000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const writeThroughApprovals = process.env.BENCH_WRITE === "approvals";
const profileFile = process.env.BENCH_PROFILE;
const TARGET_P50_MS = 500;
const TARGET_PER_SECOND = 500;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// Every statement a pooled pg client sends (BEGIN and COMMIT included) is one round trip.
let roundTrips = 0;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  roundTrips++;
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const verdict = (passed: boolean) => (passed ? "PASS" : "FAIL");

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function main(): Promise<void> {
  const name = `bench_hooks_${randomBytes(4).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-hooks-"));
  if (driver === "postgres") {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    delete process.env.DATABASE_URL;
  }
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
    SEED_DEMO_INVOICES: "0",
    WEBHOOK_ALLOW_PRIVATE: "1",
    NODE_ENV: "production",
  });
  const receiver = await startReceiver();
  const arrivals = new Map<string, number>();
  const { closeDatabase, db } = await import("@/lib/db/client");
  const results: string[] = [];
  try {
    const { awaitReady } = await import("@/lib/studio/process/boot");
    await awaitReady();
    const { env } = await import("@/lib/env");
    console.log(`[bench] driver: ${driver === "postgres" ? `PostgreSQL (scratch database ${name})` : "PGlite (temp folder)"}; load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores`);
    const credentials = JSON.parse(fs.readFileSync(path.join(env.DATA_DIR, "demo-credentials.json"), "utf8"));
    const org = credentials.orgs[0];
    const keyOf = (role: string) => org.users.find((user: { role: string }) => user.role === role).api_key as string;
    const { authenticate } = await import("@/lib/studio/auth/principal");
    const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
    const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
    const { startDispatcher } = await import("@/lib/studio/webhooks/dispatcher");
    const { sql } = await import("drizzle-orm");
    const database = await db();
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await database.execute(query)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);
    const finance = await authenticate(keyOf("finance"));
    const approver = await authenticate(keyOf("approver"));
    const create = async (total: number) => {
      const ids: string[] = [];
      await inParallel(Array.from({ length: total }, (_, index) => index), concurrency, async () => {
        const created = await createInvoice({
          principal: finance,
          clientId: org.client_id,
          request: {
            pricing_mode: "crypto",
            amount: "10",
            pay_token: "USDC",
            chain: "arb",
            origin: "https://shop.example.test",
            callback_url: receiver.url,
            recipient_name: "Bench",
            recipient_email: "bench@example.test",
            organization_name: "Bench Org",
            organization_email: "billing@example.test",
            creator: "bench",
            payment_terms: 7,
            detail_items: [{ name: "Item", quantity: 1, unit_price: 10 }],
          },
        });
        ids.push(created.id);
      });
      return ids;
    };

    // Latency: approvals with the dispatcher running, as the embedded server runs it.
    console.log(`[bench] creating ${changes} invoices for the latency run`);
    const latencyIds = await create(changes);
    const committedAt = new Map<string, number>();
    const dispatcher = startDispatcher();
    await inParallel(latencyIds, concurrency, async (id) => {
      await approveInvoice({ principal: approver, id });
      committedAt.set(id, performance.now());
    });
    await receiver.waitFor((received) => received.length >= changes, 60_000);
    await dispatcher.stop();
    for (const entry of receiver.received) arrivals.set(JSON.parse(entry.body).id as string, entry.at);
    const latencies = latencyIds.map((id) => arrivals.get(id)! - committedAt.get(id)!).sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    results.push(
      `latency (commit → receiver), ${changes} changes, ${concurrency} at a time: p50 ${p50.toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms; target p50 < ${TARGET_P50_MS} ms: ${verdict(p50 < TARGET_P50_MS)}`,
    );
    console.log(`[bench] ${results.at(-1)}`);

    // Throughput: an outbox written with no dispatcher running, then drained by one.
    if (writeThroughApprovals) {
      console.log(`[bench] writing ${events} events through approvals, no dispatcher running`);
      const throughputIds = await create(events);
      await inParallel(throughputIds, concurrency, async (id) => {
        await approveInvoice({ principal: approver, id });
      });
    } else {
      console.log(`[bench] copying one approval's event into ${events} pending events, no dispatcher running`);
      await database.execute(sql`
        INSERT INTO webhook_events (id, org_id, object_type, object_id, type, url, payload, next_attempt_at, created_at)
        SELECT 'evt_bench' || n, t.org_id, t.object_type, t.object_id || '_' || n, t.type, t.url,
               replace(t.payload, t.id, 'evt_bench' || n), now(), now()
        FROM (SELECT * FROM webhook_events ORDER BY seq DESC LIMIT 1) t, generate_series(1, ${events}) n`);
    }
    const before = receiver.received.length;
    const session = profileFile ? new Session() : null;
    if (session) {
      session.connect();
      await session.post("Profiler.enable");
      await session.post("Profiler.setSamplingInterval", { interval: 200 });
      await session.post("Profiler.start");
    }
    const roundTripsBefore = roundTrips;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const drainer = startDispatcher();
    await receiver.waitFor((received) => received.length >= before + events, 300_000);
    const seconds = (performance.now() - started) / 1000;
    await drainer.stop();
    const drainRoundTrips = roundTrips - roundTripsBefore;
    // CPU time of this process (dispatcher, pg client and receiver) per delivery: steadier than
    // wall-clock on a shared machine.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerDelivery = (cpu.user + cpu.system) / 1000 / events;
    if (session) {
      const { profile } = await session.post("Profiler.stop");
      fs.writeFileSync(profileFile!, JSON.stringify(profile));
      session.disconnect();
      console.log(`[bench] CPU profile of the drain written to ${profileFile}`);
    }
    const perSecond = events / seconds;
    results.push(
      `throughput: ${events} deliveries in ${seconds.toFixed(2)} s = ${Math.round(perSecond)} deliveries/s (one dispatcher)` +
        `, ${cpuMsPerDelivery.toFixed(2)} ms CPU per delivery in this process` +
        (driver === "postgres" ? `, ${(drainRoundTrips / events).toFixed(3)} DB round trips per delivery` : "") +
        `; target >= ${TARGET_PER_SECOND}/s: ${verdict(perSecond >= TARGET_PER_SECOND)}`,
    );
    console.log(`[bench] ${results.at(-1)}`);
    const undelivered = await count(sql`SELECT count(*) AS n FROM webhook_events WHERE status <> 'delivered'`);
    const attemptsLogged = await count(sql`SELECT count(*) AS n FROM webhook_attempts`);
    const duplicates = receiver.received.length - new Set(receiver.received.map((entry) => entry.id)).size;
    results.push(`checks: ${undelivered} events not delivered, ${attemptsLogged} attempts logged for ${receiver.received.length} requests, ${duplicates} sent twice`);
    console.log(`[bench] summary (${driver === "postgres" ? "PostgreSQL" : "PGlite"}):`);
    for (const line of results) console.log(`[bench]   ${line}`);
    if (undelivered !== 0 || duplicates !== 0 || attemptsLogged !== receiver.received.length) process.exitCode = 1;
  } finally {
    await closeDatabase();
    await receiver.close();
    if (driver === "postgres") await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error("[bench] failed", error);
    process.exit(1);
  },
);

// `npm run bench:webhooks`: webhook delivery to a local receiver on 127.0.0.1, in-process on a
// scratch PostgreSQL database (dropped at the end). Two figures:
//   latency    - from a status change's commit (an invoice approval) to its arrival at the
//                receiver, with the embedded dispatcher running (p50, p99; target p50 < 500 ms);
//   throughput - an outbox of BENCH_EVENTS events written while no dispatcher ran, drained by one
//                dispatcher: deliveries per second (target >= 500/s).
// Environment (optional): DATABASE_URL (the server for the scratch database; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_CHANGES (300), BENCH_EVENTS (3000),
// BENCH_CONCURRENCY (10 status changes at a time).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startReceiver } from "../e2e/webhook-receiver";

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const changes = Number(process.env.BENCH_CHANGES ?? 300);
const events = Number(process.env.BENCH_EVENTS ?? 3000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

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
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  Object.assign(process.env, {
    DATABASE_URL: url.toString(),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-hooks-")),
    SEED_DEMO: "1",
    SEED_DEMO_INVOICES: "0",
    WEBHOOK_ALLOW_PRIVATE: "1",
    NODE_ENV: "production",
  });
  const receiver = await startReceiver();
  const arrivals = new Map<string, number>();
  const { closeDatabase } = await import("@/lib/db/client");
  try {
    const { awaitReady } = await import("@/lib/studio/boot");
    await awaitReady();
    const { env } = await import("@/lib/env");
    const credentials = JSON.parse(fs.readFileSync(path.join(env.DATA_DIR, "demo-credentials.json"), "utf8"));
    const org = credentials.orgs[0];
    const keyOf = (role: string) => org.users.find((user: { role: string }) => user.role === role).api_key as string;
    const { authenticate } = await import("@/lib/studio/auth/principal");
    const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
    const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
    const { startDispatcher } = await import("@/lib/studio/webhooks/dispatcher");
    const finance = await authenticate(keyOf("finance"));
    const approver = await authenticate(keyOf("approver"));
    const create = async (count: number) => {
      const ids: string[] = [];
      await inParallel(Array.from({ length: count }, (_, index) => index), concurrency, async () => {
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
    for (const entry of receiver.received) arrivals.set(JSON.parse(entry.body).data.id as string, entry.at);
    const latencies = latencyIds.map((id) => arrivals.get(id)! - committedAt.get(id)!).sort((a, b) => a - b);
    console.log(
      `[bench] latency (commit → receiver), ${changes} changes, ${concurrency} at a time: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
    );

    // Throughput: an outbox written with no dispatcher running, then drained by one.
    console.log(`[bench] writing ${events} events with no dispatcher running`);
    const throughputIds = await create(events);
    await inParallel(throughputIds, concurrency, async (id) => {
      await approveInvoice({ principal: approver, id });
    });
    const before = receiver.received.length;
    const started = performance.now();
    const drainer = startDispatcher();
    await receiver.waitFor((received) => received.length >= before + events, 120_000);
    const seconds = (performance.now() - started) / 1000;
    await drainer.stop();
    console.log(`[bench] throughput: ${events} deliveries in ${seconds.toFixed(2)} s = ${Math.round(events / seconds)} deliveries/s (one dispatcher)`);
  } finally {
    await closeDatabase();
    await receiver.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("[bench] failed", error);
    process.exit(1);
  },
);

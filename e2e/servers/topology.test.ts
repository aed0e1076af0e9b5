// The README's multi-server topology (issue 22 §1), run: two `npm start` servers with SWEEPER=0 and
// one `npm run worker` on one PostgreSQL database, under a mixed load of creates, approvals,
// payments and reads spread over both servers, with one server SIGKILLed mid-load. Its clients
// retry on the other server with the same Idempotency-Key, as a client behind a load balancer
// would. Afterwards nothing is lost or doubled (one invoice per logical create, one transfer per
// payment), every payment's webhook was delivered (at least once, by the worker), and the other
// server answered throughout. PostgreSQL only: a PGlite folder belongs to one process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoOrg, dropTarget, freshTarget, invoiceRequest, startBuilt, type BuiltProcess, type Target } from "../node/support";
import { startReceiver, type Receiver } from "../webhook-receiver";
import { assertBuilt, freePort, killServer, startServer, stopServer, waitHealthy, type Server } from "./server";
import { suiteDriver } from "./support";

const LOOPS = 4;
const INVOICES_PER_LOOP = 8;
// The first server is killed once this many invoices went all the way through.
const KILL_AFTER = 10;
const METRICS_TOKEN = `topology-metrics-${randomBytes(8).toString("hex")}`;

type App = { name: string; baseUrl: string; server: Server; alive: boolean };

describe.runIf(suiteDriver === "postgres")("two app servers and a worker on one PostgreSQL, one server killed mid-load", () => {
  let target: Target;
  let receiver: Receiver;
  let worker: BuiltProcess | undefined;
  let workerMetricsPort: number;
  const apps: App[] = [];
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-topology-"));

  async function app(name: string): Promise<App> {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // App servers run no background work: the worker expires, broadcasts and delivers webhooks.
    const server = startServer(target, port, path.join(logDir, `${name}.log`), { SWEEPER: "0", METRICS_TOKEN });
    await waitHealthy(baseUrl, server);
    return { name, baseUrl, server, alive: true };
  }

  beforeAll(async () => {
    assertBuilt();
    target = await freshTarget("postgres", "topology");
    receiver = await startReceiver();
    // One after the other: the first seeds the demo organization the load uses.
    apps.push(await app("app-1"));
    apps.push(await app("app-2"));
    const { DATABASE_URL: _shared, ...inherited } = process.env;
    workerMetricsPort = await freePort();
    worker = startBuilt("worker", {
      ...inherited,
      NODE_ENV: "production",
      DATABASE_URL: target.databaseUrl,
      DATA_DIR: target.dataDir,
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_POLL_MS: "100",
      SWEEP_INTERVAL_MS: "500",
      METRICS_TOKEN,
      METRICS_PORT: String(workerMetricsPort),
    });
  });
  afterAll(async () => {
    worker?.child.kill("SIGTERM");
    if (worker) await worker.exited;
    for (const each of apps) if (each.alive) await stopServer(each.server);
    await receiver?.close();
    if (target) await dropTarget(target);
  });

  it("loses and doubles nothing, delivers every payment's webhook, and the other server keeps answering", async () => {
    const { clientId, key } = demoOrg(target);
    const run = `topology-${randomBytes(4).toString("hex")}`;
    const refusedBySurvivor: string[] = [];
    let retried = 0;

    /** One request: on the server the load balancer picked, or on the other when that one is gone (same Idempotency-Key). */
    async function send(preferred: number, method: string, urlPath: string, role: string, body?: unknown): Promise<any> {
      const idempotencyKey = method === "POST" ? `${run}-${randomBytes(8).toString("hex")}` : undefined;
      for (let choice = preferred; ; choice = 1 - choice) {
        const chosen = apps[choice]!;
        if (!chosen.alive && choice === 0) continue;
        try {
          const response = await fetch(`${chosen.baseUrl}/v1/studio/api${urlPath}`, {
            method,
            headers: {
              "X-STUDIO-API-KEY": key(role),
              "X-Client-ID": clientId,
              ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
              ...(body === undefined ? {} : { "Content-Type": "application/json" }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const parsed = (await response.json()) as { data: any };
          if (response.status !== 200) {
            if (choice === 1) refusedBySurvivor.push(`${method} ${urlPath}: ${response.status} ${JSON.stringify(parsed)}`);
            throw new Error(`${chosen.name} ${method} ${urlPath}: ${response.status} ${JSON.stringify(parsed)}`);
          }
          return parsed.data;
        } catch (error) {
          // Only the killed server may fail to answer (fetch's TypeError: the connection was refused
          // or cut); the survivor must answer everything. The balancer then takes it out.
          if (choice === 1 || !killed || !(error instanceof TypeError)) throw error;
          apps[0]!.alive = false;
          retried++;
        }
      }
    }

    let done = 0;
    let killed = false;
    let killing: Promise<void> | undefined;
    const invoiceIds: string[] = [];
    const loops = Array.from({ length: LOOPS }, async (_, loop) => {
      for (let index = 0; index < INVOICES_PER_LOOP; index++) {
        // Each step on a server of its own choosing: a round robin over both.
        const pick = (step: number) => (loop + index + step) % 2;
        const created = await send(pick(0), "POST", "/invoice/intent", "finance", invoiceRequest({ recipient_name: `${run} ${loop}-${index}`, callback_url: receiver.url }));
        invoiceIds.push(created.id);
        await send(pick(1), "POST", `/invoice/intent/${created.id}/approve`, "approver");
        await send(pick(2), "GET", `/invoice/intents?search=${encodeURIComponent(run)}`, "viewer");
        const paid = await send(pick(3), "POST", `/sandbox/payment_intent/${created.payment_intent.payment_intent_id}/pay`, "admin", { amount: "10" });
        expect(paid.invoice.status).toBe("paid");
        expect((await send(pick(4), "GET", `/invoice/intent/${created.id}`, "viewer")).status).toBe("paid");
        if (++done === KILL_AFTER) {
          // Mid-load: the other loops have requests in flight on it right now, and keep sending
          // it more until they find it gone.
          killed = true;
          killing = killServer(apps[0]!.server);
        }
      }
    });
    await Promise.all(loops);
    await killing;
    expect(apps[0]!.alive).toBe(false);
    expect(retried).toBeGreaterThan(0);
    expect(refusedBySurvivor).toEqual([]);

    // Nothing lost or doubled: one invoice per logical create, each paid by exactly one transfer.
    const database = new pg.Client({ connectionString: target.databaseUrl });
    await database.connect();
    try {
      const { rows: invoices } = await database.query<{ id: string; status: string; transfers: number }>(
        `SELECT i.id, i.status, (SELECT count(*)::int FROM chain_transfers t WHERE t.payment_intent_id = i.payment_intent_id) AS transfers
           FROM invoices i WHERE i.recipient_name LIKE $1`,
        [`${run} %`],
      );
      expect(invoices).toHaveLength(LOOPS * INVOICES_PER_LOOP);
      expect(new Set(invoices.map((row) => row.id))).toEqual(new Set(invoiceIds));
      for (const row of invoices) expect(row, row.id).toMatchObject({ status: "paid", transfers: 1 });
    } finally {
      await database.end();
    }

    // Every payment's webhook arrives (at least once), sent by the worker.
    const paidIds = () => new Set(receiver.received.map((request) => JSON.parse(request.body)).filter((body) => body.status === "paid").map((body) => body.id));
    await receiver.waitFor(() => invoiceIds.every((id) => paidIds().has(id)), 90_000);

    // The worker counts what it delivered on its own /metrics, the survivor what it answered.
    const scrape = async (url: string) => (await fetch(url, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = (text: string, series: string) => Number(text.split("\n").find((line) => line.startsWith(`${series} `))?.slice(series.length + 1) ?? 0);
    const workerMetrics = await scrape(`http://127.0.0.1:${workerMetricsPort}/metrics`);
    expect(value(workerMetrics, 'studio_webhook_attempts_total{outcome="delivered"}')).toBeGreaterThanOrEqual(invoiceIds.length);
    expect(workerMetrics).toMatch(/^studio_outbox_depth\{outbox="webhook_deliveries"\} \d+$/m);
    const survivorMetrics = await scrape(`${apps[1]!.baseUrl}/metrics`);
    expect(value(survivorMetrics, 'studio_http_requests_total{method="POST",route="/v1/studio/api/invoice/intent",status="200"}')).toBeGreaterThan(0);
  }, 300_000);
});

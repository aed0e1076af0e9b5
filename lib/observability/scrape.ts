// GET /metrics (the server's, and the worker's own listener): off unless METRICS_TOKEN is set, then
// only for `Authorization: Bearer <METRICS_TOKEN>`. The outbox depths and the pool's usage are
// read at scrape time, one statement per outbox, so nothing runs between scrapes.
import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import client from "prom-client";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { currentDatabase, db } from "@/lib/db/client";
import { log } from "@/lib/observability/log";
import { metrics } from "@/lib/observability/metrics";

// Each outbox's rows still waiting to go out (the partial indexes on status = 'pending' answer these).
const OUTBOXES = {
  webhook_deliveries: sql`SELECT count(*)::int AS depth FROM webhook_events WHERE status = 'pending'`,
  chain_sends: sql`SELECT count(*)::int AS depth FROM chain_sends WHERE status = 'pending'`,
  invoice_emails: sql`SELECT count(*)::int AS depth FROM invoice_emails WHERE status = 'pending'`,
};

function registerDatabaseGauges(): void {
  const registry = metrics.registry;
  if (registry.getSingleMetric("studio_outbox_depth")) return;
  new client.Gauge({
    name: "studio_outbox_depth",
    help: "Rows waiting in each outbox (webhook deliveries, chain sends, invoice e-mails), read at scrape",
    labelNames: ["outbox"] as const,
    registers: [registry],
    async collect() {
      const database = await db();
      for (const [outbox, statement] of Object.entries(OUTBOXES)) {
        try {
          const result = (await database.execute(statement)) as unknown as { rows: Array<{ depth: number }> };
          this.set({ outbox }, Number(result.rows[0]?.depth ?? 0));
        } catch (error) {
          // The scrape still answers; a depth it could not read is left out rather than shown stale.
          this.remove({ outbox });
          log.warn({ err: error, outbox }, "outbox depth unavailable");
        }
      }
    },
  });
  new client.Gauge({
    name: "studio_db_pool_connections",
    help: "This process's PostgreSQL pool: connections open (total), idle, and requests waiting for one (PGlite: none)",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const usage = (await currentDatabase())?.poolUsage?.();
      if (!usage) return;
      for (const [state, count] of Object.entries(usage)) this.set({ state }, count);
    },
  });
}

function sameToken(given: string, expected: string): boolean {
  // Hashed first: the comparison takes the same time whatever the lengths.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether this Authorization header is `Bearer <METRICS_TOKEN>` (never, while METRICS_TOKEN is unset): what operators' tools send. */
export function holdsMetricsToken(authorization: string | null): boolean {
  const token = env.METRICS_TOKEN;
  const match = /^Bearer (.+)$/i.exec(authorization ?? "");
  return token !== undefined && match !== null && sameToken(match[1]!, token);
}

/** The answer to a scrape carrying this Authorization header. */
export async function metricsResponse(authorization: string | null): Promise<Response> {
  if (!env.METRICS_TOKEN) return new Response("Not Found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  if (!holdsMetricsToken(authorization)) {
    return new Response("Unauthorized\n", {
      status: 401,
      headers: { "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  registerDatabaseGauges();
  return new Response(await metrics.registry.metrics(), {
    status: 200,
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
  });
}

/** The worker's own /metrics (it has no web server): a listener that answers that path alone. */
export async function serveMetrics(port: number, host: string): Promise<{ close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const answer = request.method === "GET" && request.url === "/metrics" ? metricsResponse(request.headers.authorization ?? null) : Promise.resolve(new Response("Not Found\n", { status: 404 }));
    void answer
      .then(async (reply) => {
        response.writeHead(reply.status, Object.fromEntries(reply.headers));
        response.end(Buffer.from(await reply.arrayBuffer()));
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "metrics scrape failed");
        if (!response.headersSent) response.statusCode = 500;
        response.end();
      });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, host, resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

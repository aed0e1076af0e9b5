// The baseline for bench/invoices.ts: a bare node:http + pg server that does the same work as the
// Studio endpoints (key lookup by hash, the same indexed invoice queries, the same serializer)
// without Next.js, the route wrapper or Drizzle's query builder.
// Usage: tsx bench/bare-server.ts --port 4001 (--database-url postgres://... [--pool 10] | --pglite <folder>)
// With --pglite it opens the embedded database folder in-process, as the Studio server does (the
// folder takes one process at a time: the Studio server must be stopped first).
import { createHash } from "node:crypto";
import http from "node:http";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { lockPgliteFolder } from "@/lib/db/pglite-lock";
import { getTableColumns, type Column } from "drizzle-orm";
import { invoices } from "@/lib/studio/db/invoices-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";
import { cutPage } from "@/lib/studio/core/paging";
import { STATUS_CATEGORY, statusesIn, type InvoiceStatus } from "@/lib/studio/invoices/status";
import { STATUS_CATEGORIES, type StatusCategory } from "@/lib/studio/workflow/state-machine";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "database-url": { type: "string" },
    pool: { type: "string", default: "10" },
    pglite: { type: "string" },
  },
});
if (!values.port || !(values["database-url"] || values.pglite)) throw new Error("--port and --database-url or --pglite are required");

type Query = (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
const { query, close } = values.pglite ? await openPglite(values.pglite) : openPool(values["database-url"]!, Number(values.pool));
const pool = { query };

function openPool(url: string, max: number): { query: Query; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max });
  return { query: (sql, params) => pool.query(sql, params), close: () => pool.end() };
}

async function openPglite(folder: string): Promise<{ query: Query; close: () => Promise<void> }> {
  const release = lockPgliteFolder(folder);
  const client = await PGlite.create(folder);
  return {
    query: (sql, params) => client.query(sql, params),
    close: async () => {
      await client.close();
      release();
    },
  };
}

type InvoiceRow = typeof invoices.$inferSelect;
type PaymentIntentRow = typeof paymentIntents.$inferSelect;

// Columns as Drizzle selects them, so rows come back in the shape the serializer takes.
const invoiceColumns = Object.entries(getTableColumns(invoices)) as Array<[string, Column]>;
const paymentColumns = Object.entries(getTableColumns(paymentIntents)) as Array<[string, Column]>;
const selectList = [
  ...invoiceColumns.map(([key, column]) => `i."${column.name}" AS "i_${key}"`),
  ...paymentColumns.map(([key, column]) => `p."${column.name}" AS "p_${key}"`),
].join(", ");

function mapRow<T>(raw: Record<string, unknown>, prefix: string, columns: Array<[string, Column]>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[`${prefix}${key}`];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

const serialize = (raw: Record<string, unknown>) =>
  serializeInvoice(mapRow<InvoiceRow>(raw, "i_", invoiceColumns), mapRow<PaymentIntentRow>(raw, "p_", paymentColumns));

const AUTH_SQL = `SELECT k.id AS key_id, u.uid, u.permissions, o.id AS org_id
  FROM api_keys k JOIN users u ON u.uid = k.user_uid JOIN organizations o ON o.id = k.org_id
  WHERE k.key_hash = $1 AND k.revoked_at IS NULL LIMIT 1`;
const GET_SQL = `SELECT ${selectList} FROM invoices i JOIN payment_intents p ON p.id = i.payment_intent_id
  WHERE i.id = $1 AND i.org_id = $2 LIMIT 1`;
const COUNTS_SQL = `SELECT status, count(*)::int AS count FROM invoices WHERE org_id = $1 GROUP BY status`;
const PAGE_SQL = `SELECT ${selectList} FROM invoices i JOIN payment_intents p ON p.id = i.payment_intent_id
  WHERE i.org_id = $1 AND i.status = ANY($2) ORDER BY i.seq DESC LIMIT $3 OFFSET $4`;

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

async function principalFor(request: http.IncomingMessage): Promise<{ orgId: number } | undefined> {
  const key = request.headers["x-studio-api-key"];
  if (typeof key !== "string") return undefined;
  const hash = createHash("sha256").update(key).digest("hex");
  const { rows } = await pool.query(AUTH_SQL, [hash]);
  const row = rows[0] as { org_id: number; permissions: string[] } | undefined;
  return row && row.permissions.includes("transfer:read") ? { orgId: row.org_id } : undefined;
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://bare");
  const principal = await principalFor(request);
  if (!principal) return send(response, 401, { code: 40100, message: "unauthenticated" });
  const one = url.pathname.match(/^\/v1\/studio\/api\/invoice\/intent\/([\w-]+)$/);
  if (one) {
    const { rows } = await pool.query(GET_SQL, [one[1], principal.orgId]);
    const raw = rows[0] as Record<string, unknown> | undefined;
    if (!raw) return send(response, 404, { code: 40400, message: "not found" });
    return send(response, 200, { code: 0, data: serialize(raw) });
  }
  if (url.pathname === "/v1/studio/api/invoice/intents") {
    const category = url.searchParams.get("status_category") as StatusCategory | null;
    const pageSize = Number(url.searchParams.get("page_size") ?? 20);
    const page = Number(url.searchParams.get("page") ?? 1);
    const statuses = category ? statusesIn(category) : Object.keys(STATUS_CATEGORY);
    const [counted, paged] = await Promise.all([
      pool.query(COUNTS_SQL, [principal.orgId]),
      // One row past the page tells whether another follows, as the service asks (its cursor).
      pool.query(PAGE_SQL, [principal.orgId, statuses, pageSize + 1, (page - 1) * pageSize]),
    ]);
    const counts = Object.fromEntries(STATUS_CATEGORIES.map((name) => [name, 0])) as Record<StatusCategory, number>;
    let total = 0;
    for (const { status, count } of counted.rows as Array<{ status: InvoiceStatus; count: number }>) {
      counts[STATUS_CATEGORY[status]] += count;
      if (statuses.includes(status)) total += count;
    }
    const { page: rows, next } = cutPage(paged.rows as Array<Record<string, unknown>>, { page, page_size: pageSize }, (row) => String(row.i_id));
    return send(response, 200, {
      code: 0,
      data: rows.map(serialize),
      paging: { page_number: page, page_size: pageSize, total_count: total, next_starting_after: next },
      counts,
    });
  }
  send(response, 404, { code: 40400, message: "not found" });
}

const server = http.createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    console.error(error);
    send(response, 500, { code: 50000, message: "internal" });
  });
});
server.listen(Number(values.port), "127.0.0.1", () => console.log(`bare server on 127.0.0.1:${values.port}`));
process.on("SIGTERM", () => {
  server.close();
  void close().finally(() => process.exit(0));
});

// `npm run bench`: the Studio server beside a bare node:http server (bench/bare-server.ts) doing the
// same queries, in one run, phase by phase (bench/phases/): GET one and the list on PostgreSQL with
// 100,000 invoices, GET one on the embedded default (PGlite, the demo seed). It ends with one line
// per target, PASS or FAIL, and exits non-zero when a target (not a stretch) is missed. Loopback
// only; every load run is bounded in time. It creates a scratch database and drops it at the end.
//
// Environment (all optional): DATABASE_URL (the server to create the scratch database on; default
// postgres://postgres@127.0.0.1:5432/postgres), NEXT_DIST_DIR (default .next; built when missing),
// BENCH_INVOICES (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_LIST_RATE (50: the
// offered req/s of the list latency run), BENCH_HOLD_SECONDS (0: how long to keep both servers up
// before measuring, for profiling by hand; at most 600), BENCH_EMBEDDED_INVOICES (200),
// BENCH_ONLY (comma-separated phases: get-one, list, embedded-get-one), BENCH_CPU_PROF (a folder:
// the Next servers run with --cpu-prof and write their V8 profiles there when they stop).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { CHAINS } from "@/lib/studio/chain/registry";
import { INVOICE_STATUSES } from "@/lib/studio/invoices/status";
import { paymentStatusFor } from "@/lib/studio/invoices/status";
import { bin, checkSame, freePort, load, log, root, settings, start, startNext, stopAll, waitFor } from "./harness";
import { failedRequests, printReport, type PhaseResult } from "./report";
import type { PostgresBench } from "./phases/context";
import { getOnePhase } from "./phases/get-one";
import { checkListSame, listPhase, listWarmUp } from "./phases/list";
import { embeddedGetOnePhase } from "./phases/embedded-get-one";

let succeeded = false;
const cleanups: Array<() => Promise<void>> = [];
const wanted = (phase: string) => !settings.only.length || settings.only.includes(phase);

/** Payment-intent columns that follow from an invoice status, as one SQL CASE per column. */
function statusSql(): { invoiceStatus: string; paymentStatus: string } {
  const statuses = INVOICE_STATUSES;
  const invoiceStatus = `(ARRAY[${statuses.map((s) => `'${s}'`).join(",")}])[1 + (i % ${statuses.length})]`;
  const paymentStatus = `(ARRAY[${statuses
    .map((s) => `'${paymentStatusFor(s, { underpaid: s === "underpaid" })}'`)
    .join(",")}])[1 + (i % ${statuses.length})]`;
  return { invoiceStatus, paymentStatus };
}

/**
 * 100,000 invoices in Demo Merchant, each with its payment intent and its creation log row, spread
 * over every status, eight chain/token pairs and the last year; `seq` rises with `created_at`.
 * Amounts equal their single line item (quantity × 150), as the API requires.
 */
async function seedInvoices(client: pg.Client, orgId: number, clientId: string, creatorUid: string): Promise<void> {
  const tokens = CHAINS.flatMap((chain) => Object.values(chain.tokens).map((token) => ({ chain: chain.id, ...token })));
  const pick = (field: string) => `(ARRAY[${tokens.map((t) => `'${String(t[field as keyof typeof t])}'`).join(",")}])[1 + (i % ${tokens.length})]`;
  const { invoiceStatus, paymentStatus } = statusSql();
  const n = settings.invoices;
  await client.query("BEGIN");
  await client.query(`
    INSERT INTO payment_intents (id, org_id, client_id, pricing_mode, chain_id, token_symbol, token_address, decimals,
      payment_address, address_index, status, crypto_amount, payment_deadline, payment_method_type, payout_addresses,
      created_at, updated_at)
    SELECT 'pi_bench' || lpad(i::text, 16, '0'), $1, $2, 'crypto', ${pick("chain")}, ${pick("symbol")}, ${pick("address")},
      ${pick("decimals")}::int,
      CASE WHEN i % ${INVOICE_STATUSES.length} = 0 THEN NULL ELSE '0x' || lpad(to_hex(i), 40, '0') END,
      CASE WHEN i % ${INVOICE_STATUSES.length} = 0 THEN NULL ELSE i END,
      ${paymentStatus}, ((1 + i % 20) * 150)::numeric,
      extract(epoch FROM now())::bigint - (${n} - i) * 300 + 14 * 86400, 'crypto', '{}'::jsonb,
      now() - (${n} - i) * interval '5 minutes', now() - (${n} - i) * interval '5 minutes'
    FROM generate_series(1, ${n}) AS i`, [orgId, clientId]);
  await client.query(`
    INSERT INTO invoices (id, org_id, invoice_number, status, payment_intent_id, creator_uid, creator, amount, currency,
      origin, recipient_name, recipient_email, organization_name, organization_email, description, detail_items,
      payment_terms, invoice_issue_date, created_at, updated_at)
    SELECT 'inv_bench' || lpad(i::text, 15, '0'), $1, 'INV-BENCH-' || lpad(i::text, 7, '0'), ${invoiceStatus},
      'pi_bench' || lpad(i::text, 16, '0'), $2, 'Bench Finance', ((1 + i % 20) * 150)::numeric, NULL,
      'https://shop.demo-merchant.test', 'Recipient ' || (i % 500), 'r' || (i % 500) || '@bench.test',
      'Org ' || (i % 97), 'billing' || (i % 97) || '@bench.test', 'Bench invoice ' || i,
      jsonb_build_array(jsonb_build_object('name', 'Consulting hours', 'quantity', 1 + i % 20, 'unit_price', 150)),
      14, now() - (${n} - i) * interval '5 minutes',
      now() - (${n} - i) * interval '5 minutes', now() - (${n} - i) * interval '5 minutes'
    FROM generate_series(1, ${n}) AS i ORDER BY i`, [orgId, creatorUid]);
  await client.query(`
    INSERT INTO status_logs (org_id, owner_type, owner_id, from_status, to_status, operator_uid, reason, created_at)
    SELECT $1, 'invoice', 'inv_bench' || lpad(i::text, 15, '0'), '', 'approval_pending', $2, 'created',
      now() - (${n} - i) * interval '5 minutes'
    FROM generate_series(1, ${n}) AS i`, [orgId, creatorUid]);
  await client.query("COMMIT");
  // What autovacuum does soon after a bulk insert: statistics, and the visibility map that lets
  // the per-category counts use an index-only scan.
  await client.query("VACUUM ANALYZE");
}

async function ensureBuilt(): Promise<void> {
  if (fs.existsSync(path.join(root, settings.distDir, "BUILD_ID"))) return;
  log(`no build in ${settings.distDir}: running next build`);
  const { spawn } = await import("node:child_process");
  const code = await new Promise<number>((resolve) => {
    const child = spawn(bin("next"), ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    child.on("exit", (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) throw new Error("next build failed");
}

/** The PostgreSQL phases: a scratch database seeded with `settings.invoices` invoices, Next and the bare server on it. */
async function postgresPhases(): Promise<PhaseResult[]> {
  const dbName = `studio_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: settings.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    log(`dropped ${dbName}`);
  });
  const dbUrl = new URL(settings.adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
  // The server logs stay for a failed run.
  cleanups.push(async () => (succeeded ? fs.rmSync(dataDir, { recursive: true, force: true }) : undefined));
  log(`scratch database ${dbName}, data dir ${dataDir}`);

  const nextPort = await freePort();
  const nextUrl = `http://127.0.0.1:${nextPort}`;
  const server = startNext(
    nextPort,
    {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(settings.poolSize),
      DATA_DIR: dataDir,
      // The organizations and keys the bench drives (a production server seeds only when asked).
      SEED_DEMO: "1",
      SEED_DEMO_INVOICES: "0",
    },
    path.join(dataDir, "next.log"),
  );
  await waitFor(`${nextUrl}/api/health`, server, 180_000);
  log("Next server healthy");

  const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as {
    orgs: Array<{ org_id: number; client_id: string; users: Array<{ role: string; uid: string; api_key: string }> }>;
  };
  const demo = credentials.orgs[0]!;
  const viewer = demo.users.find((user) => user.role === "viewer")!;
  const finance = demo.users.find((user) => user.role === "finance")!;

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seedStarted = Date.now();
  await seedInvoices(client, demo.org_id, demo.client_id, finance.uid);
  const { rows: countRows } = await client.query("SELECT count(*)::int AS n FROM invoices WHERE org_id = $1", [demo.org_id]);
  log(`seeded ${countRows[0].n} invoices in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s, analyzed`);
  const { rows: sample } = await client.query("SELECT id FROM invoices WHERE org_id = $1 ORDER BY random() LIMIT 2000", [demo.org_id]);
  await client.end();
  const onePaths = sample.map((row: { id: string }) => `/v1/studio/api/invoice/intent/${row.id}`);

  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const bare = start(
    bin("tsx"),
    ["bench/bare-server.ts", "--port", String(barePort), "--database-url", databaseUrl, "--pool", String(settings.poolSize)],
    { NODE_ENV: "production" },
    path.join(dataDir, "bare.log"),
  );
  await waitFor(`${bareUrl}${onePaths[0]}`, bare, 60_000, { "x-studio-api-key": viewer.api_key });
  const bench: PostgresBench = {
    next: { url: nextUrl, pid: server.pid ?? 0 },
    bare: { url: bareUrl, pid: bare.pid ?? 0 },
    apiKey: viewer.api_key,
    onePaths,
    invoices: settings.invoices,
  };
  for (const pathName of onePaths.slice(0, 2)) await checkSame(nextUrl, bareUrl, pathName, viewer.api_key);
  await checkListSame(bench);
  log("bare server answers byte-for-byte like Next; warming up");
  if (settings.holdSeconds > 0) {
    // For profiling by hand: both servers stay up (bounded), then the run goes on as usual.
    log(`holding ${settings.holdSeconds} s: Next ${nextUrl}, bare ${bareUrl}, key ${viewer.api_key}, e.g. ${onePaths[0]}`);
    await new Promise((resolve) => setTimeout(resolve, settings.holdSeconds * 1000));
  }
  const warm = Math.min(3, settings.seconds);
  for (const paths of [onePaths, listWarmUp]) {
    for (const target of [bench.next, bench.bare]) await load("warm-up", target, paths, viewer.api_key, warm);
  }

  const phases: PhaseResult[] = [];
  if (wanted("get-one")) phases.push(await getOnePhase(bench));
  if (wanted("list")) phases.push(await listPhase(bench));
  await stopAll();
  return phases;
}

async function main(): Promise<void> {
  await ensureBuilt();
  const phases: PhaseResult[] = [];
  if (wanted("get-one") || wanted("list")) phases.push(...(await postgresPhases()));
  if (wanted("embedded-get-one")) phases.push(await embeddedGetOnePhase());
  const allMet = printReport(phases);
  const failures = phases.reduce((sum, phase) => sum + failedRequests(phase), 0);
  if (failures) throw new Error(`${failures} failed requests during the runs`);
  succeeded = true;
  if (!allMet) process.exitCode = 1;
}

async function cleanup(): Promise<void> {
  await stopAll();
  for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error("[bench] cleanup:", error));
}

process.on("SIGINT", () => void cleanup().finally(() => process.exit(130)));
try {
  await main();
  await cleanup();
} catch (error) {
  console.error("[bench] failed:", error);
  await cleanup();
  process.exitCode = 1;
}

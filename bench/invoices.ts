// `npm run bench`: GET /invoice/intent/{id} and GET /invoice/intents?status_category=... on
// PostgreSQL with 100,000 invoices, the Next.js server side by side with a bare node:http + pg
// server (bench/bare-server.ts) doing the same queries, in the same run. Loopback only; every load
// phase is bounded in time. It creates a scratch database and drops it at the end. Then the
// database phases of bench/phases/ (list views, search with its EXPLAIN, creates on PostgreSQL and
// on PGlite) print their figures and a PASS/FAIL line per target.
//
// Environment (all optional): DATABASE_URL (the server to create the scratch database on; default
// postgres://postgres@127.0.0.1:5432/postgres), NEXT_DIST_DIR (default .next; built when missing),
// BENCH_INVOICES (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_LIST_RATE (50: the
// offered req/s of the list latency run), BENCH_HOLD_SECONDS (0: how long to keep both servers up
// before measuring, for profiling by hand; at most 600).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { seedInvoices } from "./phases/seed";
import { explainList, listPhases } from "./phases/lists";
import { createPhase } from "./phases/creates";
import { verdictLines, type Phase, type Verdict } from "./phases/measure";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const settings = {
  adminUrl: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  distDir: process.env.NEXT_DIST_DIR || ".next",
  invoices: Number(process.env.BENCH_INVOICES ?? 100_000),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  poolSize: 10,
  listRate: Number(process.env.BENCH_LIST_RATE ?? 50),
  holdSeconds: Math.min(600, Number(process.env.BENCH_HOLD_SECONDS ?? 0)),
};

const children: ChildProcess[] = [];
let succeeded = false;
const cleanups: Array<() => Promise<void>> = [];

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
    server.on("error", reject);
  });
}

function start(command: string, args: string[], env: Record<string, string | undefined>, logFile: string): ChildProcess {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const out = fs.createWriteStream(logFile);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  children.push(child);
  return child;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number, headers: Record<string, string> = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { headers });
      if (response.status === 200) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

async function ensureBuilt(): Promise<void> {
  if (fs.existsSync(path.join(root, settings.distDir, "BUILD_ID"))) return;
  log(`no build in ${settings.distDir}: running next build`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(bin("next"), ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    child.on("exit", (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) throw new Error("next build failed");
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) used so far by a process and its children, from /proc. */
function cpuSeconds(pid: number): number {
  const ticks = (id: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {}
  return [pid, ...children].reduce((sum, id) => sum + ticks(id), 0) / TICKS_PER_SECOND;
}

type Measured = {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Server CPU per request: robust against other load on the machine, unlike req/s. */
  cpuMs: number;
};

function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

/** One bounded autocannon run; every response time is kept, so p95 is exact. */
async function load(
  label: string,
  target: { url: string; pid: number },
  paths: string[],
  apiKey: string,
  seconds: number,
  rate?: number,
): Promise<Measured> {
  let next = 0;
  const latencies: number[] = [];
  const cpuBefore = cpuSeconds(target.pid);
  const instance = autocannon({
    url: target.url,
    connections: rate ? Math.min(settings.connections, 10) : settings.connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    headers: { "x-studio-api-key": apiKey },
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] as string }),
      },
    ],
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  const cpuMs = ((cpuSeconds(target.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: result.requests.total,
    rps: result.requests.total / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMs,
  };
}

async function checkSame(nextUrl: string, bareUrl: string, pathName: string, apiKey: string): Promise<void> {
  const [a, b] = await Promise.all(
    [nextUrl, bareUrl].map(async (base) => {
      const response = await fetch(base + pathName, { headers: { "x-studio-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`${base}${pathName}: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as { data: unknown; counts?: unknown; paging?: unknown };
    }),
  );
  // The bare server must return what the service returns, or the comparison means nothing.
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`bare and Next answers differ for ${pathName}`);
}

function table(rows: Array<[string, ...string[]]>): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ")).join("\n");
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  await ensureBuilt();
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
  const server = start(
    bin("next"),
    ["start", "-p", String(nextPort), "-H", "127.0.0.1"],
    {
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(settings.poolSize),
      DATA_DIR: dataDir,
      // The organizations and keys the bench drives (a production server seeds only when asked).
      SEED_DEMO: "1",
      SEED_DEMO_INVOICES: "0",
      // The sweeper would expire the back-dated approved invoices while we measure.
      SWEEPER: "0",
      // The bench measures throughput with a few keys; the per-key limit would cap it at 100/s.
      STUDIO_RATE_LIMIT: "0",
    },
    path.join(dataDir, "next.log"),
  );
  await waitFor(`${nextUrl}/api/health`, server, 600_000);
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
  await seedInvoices(client, settings.invoices, demo.org_id, demo.client_id, finance.uid);
  const { rows: countRows } = await client.query("SELECT count(*)::int AS n FROM invoices WHERE org_id = $1", [demo.org_id]);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  log(`seeded ${countRows[0].n} invoices in ${seedSeconds.toFixed(1)} s, analyzed`);
  const { rows: sample } = await client.query("SELECT id FROM invoices WHERE org_id = $1 ORDER BY random() LIMIT 2000", [demo.org_id]);
  await client.end();
  const onePaths = sample.map((row: { id: string }) => `/v1/studio/api/invoice/intent/${row.id}`);
  const listPaths = STATUS_CATEGORIES.map((category) => `/v1/studio/api/invoice/intents?status_category=${category}&page_size=20`);

  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const bare = start(
    bin("tsx"),
    ["bench/bare-server.ts", "--port", String(barePort), "--database-url", databaseUrl, "--pool", String(settings.poolSize)],
    { NODE_ENV: "production" },
    path.join(dataDir, "bare.log"),
  );
  await waitFor(`${bareUrl}${onePaths[0]}`, bare, 60_000, { "x-studio-api-key": viewer.api_key });
  const nextTarget = { url: nextUrl, pid: server.pid ?? 0 };
  const bareTarget = { url: bareUrl, pid: bare.pid ?? 0 };
  for (const pathName of [onePaths[0]!, onePaths[1]!, ...listPaths]) await checkSame(nextUrl, bareUrl, pathName, viewer.api_key);
  log("bare server answers byte-for-byte like Next; warming up");
  if (settings.holdSeconds > 0) {
    // For profiling by hand: both servers stay up (bounded), then the run goes on as usual.
    log(`holding ${settings.holdSeconds} s: Next ${nextUrl}, bare ${bareUrl}, key ${viewer.api_key}, e.g. ${onePaths[0]}`);
    await new Promise((resolve) => setTimeout(resolve, settings.holdSeconds * 1000));
  }

  const warm = Math.min(3, settings.seconds);
  for (const [base, paths] of [
    [nextTarget, onePaths],
    [bareTarget, onePaths],
    [nextTarget, listPaths],
    [bareTarget, listPaths],
  ] as const) {
    await load("warm-up", base, [...paths], viewer.api_key, warm);
  }

  const results = {
    nextOne: await load("Next  GET /invoice/intent/{id}", nextTarget, onePaths, viewer.api_key, settings.seconds),
    bareOne: await load("bare  GET /invoice/intent/{id}", bareTarget, onePaths, viewer.api_key, settings.seconds),
    nextList: await load("Next  GET /invoice/intents?status_category", nextTarget, listPaths, viewer.api_key, settings.seconds),
    bareList: await load("bare  GET /invoice/intents?status_category", bareTarget, listPaths, viewer.api_key, settings.seconds),
    // Closed-loop runs measure throughput: their latency is connections / throughput (Little's
    // law). The latency target is measured at a fixed offered rate below saturation instead.
    nextListRate: await load(
      `Next  list at ${settings.listRate} req/s`,
      nextTarget,
      listPaths,
      viewer.api_key,
      settings.seconds,
      settings.listRate,
    ),
    bareListRate: await load(
      `bare  list at ${settings.listRate} req/s`,
      bareTarget,
      listPaths,
      viewer.api_key,
      settings.seconds,
      settings.listRate,
    ),
  };
  // Next's own floor: a route handler that touches no database (GET /api/health).
  const floor = await load("Next  GET /api/health (floor)", nextTarget, ["/api/health"], viewer.api_key, Math.min(5, settings.seconds));
  const rows: Array<[string, ...string[]]> = [
    ["endpoint", "requests", "req/s", "p50", "p95", "p99", "server CPU/req", "errors/non-2xx", "ratio Next/bare (req/s, CPU)"],
  ];
  const ratios = (next: Measured, bare: Measured) =>
    `${(next.rps / bare.rps).toFixed(2)}, ${(bare.cpuMs / next.cpuMs).toFixed(2)}`;
  for (const [measured, ratio] of [
    [results.nextOne, ratios(results.nextOne, results.bareOne)],
    [results.bareOne, undefined],
    [results.nextList, ratios(results.nextList, results.bareList)],
    [results.bareList, undefined],
    [results.nextListRate, undefined],
    [results.bareListRate, undefined],
    [floor, undefined],
  ] as const) {
    rows.push([
      measured.label,
      String(measured.requests),
      measured.rps.toFixed(0),
      ms(measured.p50),
      ms(measured.p95),
      ms(measured.p99),
      ms(measured.cpuMs),
      `${measured.errors}/${measured.non2xx}`,
      ratio ?? "",
    ]);
  }
  const listSample = (await (await fetch(`${nextUrl}${listPaths[0]}`, { headers: { "x-studio-api-key": viewer.api_key } })).json()) as {
    counts: Record<string, number>;
    paging: { total_count: number };
  };
  console.log(
    `\n${settings.invoices} invoices on PostgreSQL, ${settings.connections} connections, ${settings.seconds} s per run, ` +
      `pool ${settings.poolSize}, ${os.cpus().length} cores\n`,
  );
  console.log(table(rows));
  console.log(`\ncounts in every list response: ${JSON.stringify(listSample.counts)}`);
  const oneRatio = results.nextOne.rps / results.bareOne.rps;
  const oneCpuRatio = results.bareOne.cpuMs / results.nextOne.cpuMs;
  console.log(
    `GET one ratio ${oneRatio.toFixed(2)} by req/s, ${oneCpuRatio.toFixed(2)} by server CPU per request ` +
      `(target >= 0.6): ${oneRatio >= 0.6 ? "met" : "NOT met"}`,
  );
  const listP95 = results.nextListRate.p95;
  console.log(
    `list p95 at ${settings.listRate} req/s ${ms(listP95)} (target < 50 ms): ${listP95 < 50 ? "met" : "NOT met"}; ` +
      `at saturation (${settings.connections} connections) ${ms(results.nextList.p95)}`,
  );
  const failures = Object.values(results).reduce((sum, measured) => sum + measured.errors + measured.non2xx, 0);
  if (failures) throw new Error(`${failures} failed requests during the runs; server logs in ${dataDir}`);

  const { phases, verdicts } = await listPhases({
    url: nextUrl,
    apiKey: viewer.api_key,
    invoices: settings.invoices,
    seconds: settings.seconds,
    rate: settings.listRate,
  });
  printPhases(phases);
  console.log(`\n${await explainList(databaseUrl, demo.org_id, { search: "r123@bench.test" })}`);
  console.log(`\n${await explainList(databaseUrl, demo.org_id, { search: "INV-BENCH-00123" })}`);
  const postgresCreate = await createPhase({ driver: "postgres", url: nextUrl, apiKey: finance.api_key, clientId: demo.client_id, seconds: settings.seconds, connections: 10 });
  printPhases([postgresCreate.phase]);
  const createVerdicts = [postgresCreate.verdict];
  try {
    const pglite = await createPhase({ driver: "pglite", ...(await startPgliteServer(dataDir)), seconds: settings.seconds, connections: 10 });
    printPhases([pglite.phase]);
    createVerdicts.push(pglite.verdict);
  } catch (error) {
    // The figures above stay worth printing when the PGlite server does not come up.
    createVerdicts.push({ figure: `create invoice on PGlite: not measured (${String(error)})`, target: ">= 198/s", met: false });
  }
  const allVerdicts: Verdict[] = [
    { figure: `seed of ${settings.invoices} invoices: ${seedSeconds.toFixed(1)} s`, target: "minutes, not tens (< 600 s)", met: seedSeconds < 600 },
    ...verdicts,
    ...createVerdicts,
  ];
  console.log(`\n${verdictLines(allVerdicts)}`);
  succeeded = true;
}

/** A second Next server on an empty PGlite folder with the demo organization: the PGlite create phase. */
async function startPgliteServer(dataDir: string): Promise<{ url: string; apiKey: string; clientId: string }> {
  const pgliteDir = path.join(dataDir, "pglite-server");
  fs.mkdirSync(pgliteDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = start(
    bin("next"),
    ["start", "-p", String(port), "-H", "127.0.0.1"],
    {
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
      DATABASE_URL: undefined,
      DATA_DIR: pgliteDir,
      SEED_DEMO: "1",
      SEED_DEMO_INVOICES: "0",
      SWEEPER: "0",
      STUDIO_RATE_LIMIT: "0",
    },
    path.join(dataDir, "next-pglite.log"),
  );
  await waitFor(`${url}/api/health`, server, 300_000);
  const credentials = JSON.parse(fs.readFileSync(path.join(pgliteDir, "demo-credentials.json"), "utf8")) as {
    orgs: Array<{ client_id: string; users: Array<{ role: string; api_key: string }> }>;
  };
  const finance = credentials.orgs[0]!.users.find((user) => user.role === "finance")!;
  log("PGlite Next server healthy");
  return { url, apiKey: finance.api_key, clientId: credentials.orgs[0]!.client_id };
}

function printPhases(phases: Phase[]): void {
  const rows: Array<[string, ...string[]]> = [["phase", "requests", "req/s", "p50", "p95", "p99", "failed"]];
  for (const phase of phases) {
    rows.push([phase.label, String(phase.requests), phase.rps.toFixed(0), ms(phase.p50), ms(phase.p95), ms(phase.p99), String(phase.failed)]);
  }
  console.log(`\n${table(rows)}`);
}

async function cleanup(): Promise<void> {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : undefined)));
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

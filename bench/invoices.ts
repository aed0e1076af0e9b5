// `npm run bench`: the Studio server beside a bare node:http server (bench/bare-server.ts) doing the
// same queries, in one run, phase by phase (bench/phases/): on PostgreSQL with 100,000 invoices
// (BENCH_INVOICES=1000000 for the million-row run), the seed, GET one, the list views with the
// search's EXPLAIN, Lighthouse on the signed-in console (bench/phases/console.ts) and creates; on
// the embedded default (PGlite, the demo seed), GET one and creates. It ends with one line per
// target, PASS or FAIL, and exits non-zero when a target (not a stretch) is missed. Loopback only;
// every load run is bounded in time. It creates a scratch database and drops it at the end.
//
// Environment (all optional): DATABASE_URL (the server to create the scratch database on; default
// postgres://postgres@127.0.0.1:5432/postgres), NEXT_DIST_DIR (default .next; built when missing),
// BENCH_INVOICES (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_LIST_RATE (50: the
// offered req/s of the list latency run), BENCH_HOLD_SECONDS (0: how long to keep both servers up
// before measuring, for profiling by hand; at most 600), BENCH_EMBEDDED_INVOICES (200),
// BENCH_ONLY (comma-separated phases: get-one, list, console, create, embedded), BENCH_CPU_PROF (a
// folder: the Next servers run with --cpu-prof and write their V8 profiles there when they stop),
// BENCH_LIGHTHOUSE_RUNS (3), CHROME_PATH (/usr/bin/chromium, for the console phase's Lighthouse),
// BENCH_PORTS (a range such as 3400-3499 for the servers' ports; default: any free port).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { bin, checkSame, freePort, load, log, root, settings, start, startNext, stopAll, waitFor } from "./harness";
import { failedRequests, printReport, type PhaseResult } from "./report";
import type { PostgresBench } from "./phases/context";
import { measureCreates } from "./phases/creates";
import { embeddedPhase } from "./phases/embedded";
import { getOnePhase } from "./phases/get-one";
import { checkListSame, explainList, listPaths, listPhase } from "./phases/lists";
import { consolePhase } from "./phases/console";
import { seedInvoices } from "./phases/seed";

let succeeded = false;
const cleanups: Array<() => Promise<void>> = [];
const wanted = (phase: string) => !settings.only.length || settings.only.includes(phase);

/** Builds as `npm run build` does when a part is missing: the Next.js app, and the scripts `npm start` loads from dist/. */
async function ensureBuilt(): Promise<void> {
  const { spawn } = await import("node:child_process");
  const run = (command: string, args: string[]) =>
    new Promise<number>((resolve) => {
      const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
      child.on("exit", (exitCode) => resolve(exitCode ?? 1));
    });
  if (!fs.existsSync(path.join(root, settings.distDir, "BUILD_ID"))) {
    log(`no build in ${settings.distDir}: running next build`);
    if ((await run(bin("next"), ["build"])) !== 0) throw new Error("next build failed");
  }
  // Without them the server refuses to start ("dist/observability.mjs is not built").
  if ((await run(process.execPath, [path.join(root, "scripts", "build-scripts.mjs")])) !== 0) throw new Error("building the scripts failed");
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
      // The one public address, as a deployment sets it: the bare server names it too.
      PUBLIC_URL: nextUrl,
    },
    path.join(dataDir, "next.log"),
  );
  await waitFor(`${nextUrl}/api/health`, server, 600_000);
  log("Next server healthy");

  const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as {
    orgs: Array<{ org_id: number; client_id: string; users: Array<{ role: string; uid: string; api_key: string; email: string; password: string }> }>;
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

  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const bare = start(
    bin("tsx"),
    ["--conditions=react-server", "bench/bare-server.ts", "--port", String(barePort), "--database-url", databaseUrl, "--pool", String(settings.poolSize)],
    // Its answers must be the Next server's byte for byte, payment page links included.
    { NODE_ENV: "production", PUBLIC_URL: nextUrl },
    path.join(dataDir, "bare.log"),
  );
  await waitFor(`${bareUrl}${onePaths[0]}`, bare, 60_000, { "x-studio-api-key": viewer.api_key });
  const bench: PostgresBench = {
    next: { url: nextUrl, pid: server.pid ?? 0 },
    bare: { url: bareUrl, pid: bare.pid ?? 0 },
    apiKey: viewer.api_key,
    onePaths,
    invoices: settings.invoices,
    consoleUser: { email: finance.email, password: finance.password },
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
  for (const paths of [onePaths, listPaths(settings.invoices).category]) {
    for (const target of [bench.next, bench.bare]) await load("warm-up", target, paths, viewer.api_key, warm);
  }

  const phases: PhaseResult[] = [
    {
      name: "seed",
      setting: `PostgreSQL, ${settings.invoices} invoices in one statement per table`,
      rows: [],
      // The status counts' statement-level triggers keep a bulk insert O(rows).
      targets: [{ name: `seed of ${settings.invoices} invoices`, value: seedSeconds * 1000, unit: "ms", rule: "below", limit: 600_000 }],
    },
  ];
  if (wanted("get-one")) phases.push(await getOnePhase(bench));
  if (wanted("list")) {
    const list = await listPhase(bench);
    for (const search of [{ search: "r123@bench.test" }, { search: "INV-BENCH-00123" }]) {
      (list.notes ??= []).push(`\n${await explainList(databaseUrl, demo.org_id, search)}`);
    }
    phases.push(list);
  }
  if (wanted("console")) phases.push(await consolePhase(bench));
  if (wanted("create")) {
    const creates = await measureCreates({
      driver: "postgres",
      target: bench.next,
      apiKey: finance.api_key,
      clientId: demo.client_id,
      seconds: settings.seconds,
      connections: 10,
    });
    phases.push({ name: "create", setting: `PostgreSQL, one organization, pool ${settings.poolSize}`, rows: [creates.row], targets: [creates.target] });
  }
  await stopAll();
  return phases;
}

async function main(): Promise<void> {
  await ensureBuilt();
  const phases: PhaseResult[] = [];
  if (["get-one", "list", "console", "create"].some(wanted)) phases.push(...(await postgresPhases()));
  if (wanted("embedded")) phases.push(await embeddedPhase());
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

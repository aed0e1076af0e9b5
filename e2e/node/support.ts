// Shared by the node tests: fresh databases on both drivers, the real CLI as a child process, and
// the service modules loaded against a chosen database (lib/env.ts reads process.env at import).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { describe, vi } from "vitest";
import type { InvoiceCreateInput } from "@/lib/studio/invoices/schemas";
import type { PayoutCreateInput } from "@/lib/studio/payouts/schemas";

const root = path.resolve(import.meta.dirname, "../..");
// The server the suite was pointed at: scratch databases are created next to it.
const adminUrl = process.env.DATABASE_URL;

/** A fresh database: PGlite in a temp DATA_DIR, or a scratch PostgreSQL database beside DATABASE_URL. */
export type Target = { driver: "pglite" | "postgres"; dataDir: string; databaseUrl?: string };

// A PGlite folder already brought to the current schema by `npm test` (scripts/test.mjs runs
// `db:migrate` into it once per run). Creating a PGlite database costs about 7 s of CPU (initdb in
// WebAssembly) and its migrations about 3 s more; a copy of this folder opens in about 1 s.
const pgliteTemplate = process.env.STUDIO_TEST_PGLITE_TEMPLATE;

/**
 * The suite's driver: each run tests the one it was given, so the PGlite run (no DATABASE_URL) and
 * the PostgreSQL run together cover both without running the PGlite cases twice.
 */
export const drivers: Array<Target["driver"]> = adminUrl ? ["postgres"] : ["pglite"];

/**
 * For tests whose subject does not depend on the database driver (settings, input validation):
 * they run once, in the PGlite run, on a PGlite database of their own.
 */
export const describeDriverIndependent = describe.skipIf(Boolean(adminUrl));

/** What a concurrency test proves on `driver`: PGlite runs one transaction at a time. */
export const raceMode = (driver: Target["driver"]) =>
  driver === "postgres" ? "(a real race on PostgreSQL)" : "(serialized on PGlite: proves ordering only)";

export async function freshTarget(driver: Target["driver"], label: string, { empty = false }: { empty?: boolean } = {}): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `studio-${label}-`));
  if (driver === "pglite") {
    // The start-up still runs the migrations on the copy and finds none pending. Tests of
    // migrating itself ask for an empty database.
    if (pgliteTemplate && !empty) fs.cpSync(pgliteTemplate, path.join(dataDir, "pglite"), { recursive: true });
    return { driver, dataDir };
  }
  if (!adminUrl) throw new Error("PostgreSQL target needs DATABASE_URL");
  const name = `studio_${label}_${randomBytes(5).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { driver, dataDir, databaseUrl: url.toString() };
}

export async function dropTarget(target: Target): Promise<void> {
  fs.rmSync(target.dataDir, { recursive: true, force: true });
  if (target.databaseUrl) {
    const name = new URL(target.databaseUrl).pathname.slice(1);
    // pg's pool.end() resolves once it has asked its connections to close, not once they have:
    // forcing the drop while they close would hand the test an unhandled "terminating
    // connection" error. Wait (briefly) for them to go first.
    for (let waited = 0; waited < 5_000; waited += 100) {
      const rows = await admin(`SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = '${name}'`);
      if (rows[0]?.open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function admin(statement: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Resolves once a session of `databaseUrl`'s database is blocked on a lock: the moment a test that
 * holds a lock (a row, an idempotency key) knows the other transaction has reached it and waits.
 */
export async function someoneWaitsForALock(databaseUrl: string, timeoutMs = 10_000): Promise<void> {
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  try {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const { rows } = await watcher.query(
        "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      if (rows[0].waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no session waited for a lock within ${timeoutMs} ms`);
  } finally {
    await watcher.end();
  }
}

/**
 * A process beside the web server as production runs it: its built JavaScript under dist/
 * (`npm run build`; `npm test` builds it before the node tests).
 */
export function builtScript(name: "worker" | "studio-cli" | "migrate"): string {
  const file = path.join(root, "dist", `${name}.mjs`);
  if (!fs.existsSync(file)) throw new Error(`${file} is not built: run \`node scripts/build-scripts.mjs\` (part of \`npm run build\`)`);
  return file;
}

/** This process's environment pointed at `target`: its DATA_DIR, and its DATABASE_URL or none. */
export function targetEnvironment(target: Target, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, ...extra };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

export type BuiltProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Starts a built process (dist/) with `env`, as production runs it, collecting all it prints. */
export function startBuilt(name: Parameters<typeof builtScript>[0], env: NodeJS.ProcessEnv): BuiltProcess {
  const child = spawn(process.execPath, [builtScript(name)], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export type CliResult = { code: number; stdout: string; stderr: string };

/** Runs the operator CLI as its own process, as an operator would (`env` over the target's; undefined unsets). */
export function runCli(target: Target, args: string[], input?: string, env: Record<string, string | undefined> = {}): Promise<CliResult> {
  const childEnv = { ...targetEnvironment(target), ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtScript("studio-cli"), ...args], {
      cwd: root,
      env: childEnv,
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    if (input !== undefined) child.stdin?.end(input);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 128 : 0), stdout, stderr }));
  });
}

/** Runs a CLI command that must succeed with --json and returns its parsed output. */
export async function cliJson<T = any>(target: Target, args: string[]): Promise<T> {
  const result = await runCli(target, [...args, "--json"]);
  if (result.code !== 0) throw new Error(`studio ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

export type ClientModule = typeof import("@/lib/db/client");

/**
 * Loads the service against `target` in this process and closes the database afterwards, so a
 * CLI process can open the same PGlite folder next (PGlite is single-process).
 */
export async function withStudio<T>(
  target: Target,
  work: (client: ClientModule) => Promise<T>,
  extraEnv: Record<string, string | undefined> = {},
): Promise<T> {
  const saved = { ...process.env };
  process.env.DATA_DIR = target.dataDir;
  if (target.databaseUrl) process.env.DATABASE_URL = target.databaseUrl;
  else delete process.env.DATABASE_URL;
  for (const [key, value] of Object.entries(extraEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  // A fresh module graph and no start-up promise left on globalThis: as in a new process.
  vi.resetModules();
  const holder = globalThis as Record<string, unknown>;
  for (const key of ["__studioDb", "__studioReady", "__booted"]) delete holder[key];
  const client = await import("@/lib/db/client");
  try {
    return await work(client);
  } finally {
    await client.closeDatabase();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

/** Rows of a raw query; both drivers' results carry `rows`. */
export async function queryRows<T>(client: ClientModule, query: SQL): Promise<T[]> {
  const database = await client.db();
  return ((await database.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every row of every table in the public schema, as JSON text: for "this value is stored nowhere". */
export async function dumpAllRows(client: ClientModule): Promise<string> {
  return Object.values(await dumpTables(client)).flat().join("\n");
}

/** Every table's rows as sorted JSON texts, by table name: two dumps are equal when nothing was written. */
export async function dumpTables(client: ClientModule): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ table_name: string }>(
    client,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const dump: Record<string, string[]> = {};
  for (const { table_name } of tables) {
    const rows = await queryRows<{ row: string }>(client, sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table_name)} t`);
    dump[table_name] = rows.map((row) => row.row).sort();
  }
  return dump;
}

/** A demo organization the seed wrote into the target's DATA_DIR (the first unless told), with its keys by role. */
export function demoOrg(target: Target, index: 0 | 1 = 0) {
  const credentials = JSON.parse(fs.readFileSync(path.join(target.dataDir, "demo-credentials.json"), "utf8"));
  const org = credentials.orgs[index] as { org_id: number; client_id: string; users: Array<{ role: string; api_key: string }> };
  const key = (role: string): string => {
    const found = org.users.find((user) => user.role === role);
    if (!found) throw new Error(`no demo ${role}`);
    return found.api_key;
  };
  return { orgId: org.org_id, clientId: org.client_id, key };
}

/**
 * Inside `withStudio`: waits for the migrations and the demo seed, then gives the demo
 * organization with a `principal(role)` that authenticates that role's key, as a request would.
 */
export async function bootedDemoOrg(target: Target) {
  const { awaitReady } = await import("@/lib/studio/process/boot");
  await awaitReady();
  const { authenticate } = await import("@/lib/studio/auth/principal");
  const org = demoOrg(target);
  return { ...org, principal: (role: string) => authenticate(org.key(role)) };
}

/** Inside `withStudio`: creates invoices with `callbackUrl`; approving one writes its `invoice.approval_pending → approved` event. */
export async function approvedWithCallback(target: Target, callbackUrl: string, count = 1): Promise<string[]> {
  const { clientId, principal } = await bootedDemoOrg(target);
  const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
  const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
  const finance = await principal("finance");
  const approver = await principal("approver");
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await createInvoice({ principal: finance, clientId, request: invoiceRequest({ callback_url: callbackUrl }) });
    await approveInvoice({ principal: approver, id: created.id });
    ids.push(created.id);
  }
  return ids;
}

/** A valid payout create request (gross 100 USDC on arb, net 98.5) with the given fields replaced. */
export function payoutRequest(overrides: Partial<PayoutCreateInput> = {}): PayoutCreateInput {
  return {
    pricing_mode: "crypto",
    amount: "100",
    exact_out_amount: "98.5",
    pay_token: "USDC",
    chain: "arb",
    origin: "https://shop.example.test",
    payout_target_address: "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe",
    recipient_name: "Node Payee",
    recipient_email: "node-payee@example.test",
    organization_name: "Node Payee Org",
    organization_email: "ap@example.test",
    creator: "node test",
    ...overrides,
  } as PayoutCreateInput;
}

/** A valid create request (10 USDC on arb) with the given fields replaced. */
export function invoiceRequest(overrides: Partial<InvoiceCreateInput> = {}): InvoiceCreateInput {
  return {
    pricing_mode: "crypto",
    amount: "10",
    pay_token: "USDC",
    chain: "arb",
    origin: "https://shop.example.test",
    recipient_name: "Node Test",
    recipient_email: "node-test@example.test",
    organization_name: "Node Test Org",
    organization_email: "billing@example.test",
    creator: "node test",
    payment_terms: 7,
    detail_items: [{ name: "Item", quantity: 1, unit_price: 10 }],
    ...overrides,
  };
}

/**
 * Runs a fixture script (a process the test kills or watches die) on `target`'s database with
 * tsx, resolving `server-only` as the server does; answers the signal that ended it, and rejects
 * with its stderr when it exited on its own instead. node itself (not the tsx wrapper), so the
 * process killed is the child watched.
 */
export function runFixture(target: Target, script: string, args: string[], env: Record<string, string> = {}): Promise<NodeJS.Signals> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, ...env };
  if (target.databaseUrl) childEnv.DATABASE_URL = target.databaseUrl;
  else delete childEnv.DATABASE_URL;
  const root = path.resolve(import.meta.dirname, "../..");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", script, ...args], { cwd: root, env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    // The child's stack is quoted, not passed on as lines of this error's own stack.
    child.on("exit", (code, signal) => (signal ? resolve(signal) : reject(new Error(`${script} exited ${code}:\n${stderr.split("\n").map((line) => `| ${line}`).join("\n")}`))));
  });
}

// Own `next start` servers for the tests of the `servers` stage (crash, rate limits across servers,
// the malformed-input sweep): each on a database of its own, in a process group of its own.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Target } from "../node/support";
import { freePort } from "../ports.mjs";

export { freePort };

const root = path.resolve(import.meta.dirname, "../..");

export type Server = { child: ChildProcess; exited: Promise<void> };

const liveServers = new Set<Server>();
let cleanupInstalled = false;

export function assertBuilt(): void {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(`No build in ${path.join(root, distDir)}: run \`npm run build\` first (the crash test runs \`next start\`).`);
  }
}

/**
 * `next start` in its own process group, so one signal reaches every process it has. `env` adds to
 * or overrides the defaults (e.g. STUDIO_RATE_LIMIT); a variable given as undefined is left unset,
 * inherited or not, so the server falls back to its own default.
 */
export function startServer(target: Target, port: number, logFile: string, env: Record<string, string | undefined> = {}): Server {
  // An inherited DATABASE_URL names the shared test server's database, not this target's.
  const { DATABASE_URL: _sharedDatabase, ...inherited } = process.env;
  const serverEnv: NodeJS.ProcessEnv = {
    ...inherited,
    // Vitest sets NODE_ENV=test, a mode `next start` does not expect of a production build.
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: target.dataDir,
    PORT: String(port),
    // Production refuses to start without it; the address development would default to.
    PUBLIC_URL: `http://localhost:${port}`,
    SWEEP_INTERVAL_MS: "500",
    // `next start` is a production server: the demo data and the sandbox chain are opted into.
    SEED_DEMO: "1",
    SANDBOX_CHAIN: "1",
    // The tests make their own records; seeding the demo ones only slows the first start.
    SEED_DEMO_INVOICES: "0",
    // They call the API with the demo keys: console sign-ins (a password hash each) only where a test signs in.
    SEED_DEMO_ACCOUNTS: "0",
    // Tests drive these servers as hard as they can; the one that tests the limit passes its own.
    STUDIO_RATE_LIMIT: "0",
    // Receivers of webhook tests listen on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: "1",
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...env,
  };
  for (const [name, value] of Object.entries(serverEnv)) if (value === undefined) delete serverEnv[name];
  const log = fs.openSync(logFile, "a");
  // `npm start`'s server: Next.js with the Studio API's fast path.
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: serverEnv,
    detached: true,
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const server: Server = { child, exited: new Promise((resolve) => child.once("exit", () => resolve())) };
  installCleanup();
  liveServers.add(server);
  void server.exited.then(() => liveServers.delete(server));
  return server;
}

export async function waitHealthy(baseUrl: string, server: Server, timeoutMs = 90_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode}) before it was healthy`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`the server was not healthy after ${timeoutMs} ms`);
}

/** SIGKILL to the whole group; resolves once no process of the group is left. */
export async function killServer(server: Server): Promise<void> {
  signalGroup(server, "SIGKILL");
  await server.exited;
  await groupGone(server);
}

export async function stopServer(server: Server): Promise<void> {
  signalGroup(server, "SIGTERM");
  const stopped = await Promise.race([server.exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!stopped) await killServer(server);
  await groupGone(server);
}

function signalGroup(server: Server, signal: NodeJS.Signals): void {
  const pid = server.child.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

async function groupGone(server: Server, timeoutMs = 10_000): Promise<void> {
  const pid = server.child.pid;
  if (pid === undefined) return;
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await sleep(20);
  }
  throw new Error(`process group ${pid} still exists ${timeoutMs} ms after it was signalled`);
}

// The servers run in process groups of their own, so a Ctrl-C or a SIGTERM to this process does not
// reach them: a run cut short must not leave one holding the port or the database.
function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.once("exit", killLiveServersNow);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      killLiveServersNow();
      process.kill(process.pid, signal);
    });
  }
}

function killLiveServersNow(): void {
  for (const server of liveServers) {
    if (server.child.pid === undefined) continue;
    try {
      process.kill(-server.child.pid, "SIGKILL");
    } catch {}
  }
}


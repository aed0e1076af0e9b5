// Issue 12's crash scenario: the built app (`next start`) on a fresh database, invoice
// lifecycles against it, the server's whole process group SIGKILLed mid-load and restarted on the
// same DATA_DIR / database, the lifecycles left to finish, then the checks of ./checks.ts.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { demoOrg, dropTarget, freshTarget, type Target } from "../node/support";
import { judge, readDatabaseFacts, readFinalState, type Figures } from "./checks";
import { replayAnsweredKeys, runLifecycles, type LoadSettings } from "./lifecycles";

const root = path.resolve(import.meta.dirname, "../..");

export type CrashScenario = {
  driver: Target["driver"];
  lifecycles: number;
  /** SIGKILL this long after the load started, */
  killAfterMs: number;
  /** or once this many requests have been answered, if that comes first: mid-load on any machine. */
  killAfterAnswers?: number;
  rampMs?: number;
  requestTimeoutMs?: number;
  retryBudgetMs?: number;
  /** 409/40901 answers this long after the restarted server first answered count as violations. */
  inFlightGraceMs?: number;
  progress?: (message: string) => void;
};

export type CrashReport = {
  figures: Figures;
  violations: string[];
  /** Milliseconds. */
  timings: { healthyMs: number; loadMs: number; totalMs: number };
  /** Server logs, kept only when there were violations or the run failed. */
  logDir?: string;
};

type Server = { child: ChildProcess; exited: Promise<void> };

const liveServers = new Set<Server>();
let cleanupInstalled = false;

export async function runCrashScenario(scenario: CrashScenario): Promise<CrashReport> {
  assertBuilt();
  const progress = scenario.progress ?? (() => undefined);
  const inFlightGraceMs = scenario.inFlightGraceMs ?? 3_000;
  const abort = new AbortController();
  const settings: LoadSettings = {
    lifecycles: scenario.lifecycles,
    rampMs: scenario.rampMs ?? 0,
    requestTimeoutMs: scenario.requestTimeoutMs ?? 30_000,
    retryBudgetMs: scenario.retryBudgetMs ?? 60_000,
    signal: abort.signal,
  };
  const startedAt = performance.now();
  const target = await freshTarget(scenario.driver, "crash");
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-crash-logs-"));
  let server: Server | undefined;
  let keepLogs = true;
  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = startServer(target, port, path.join(logDir, "server-1.log"));
    await waitHealthy(baseUrl, server);
    progress(`server up on ${scenario.driver}; starting ${settings.lifecycles} lifecycles`);
    const access = demoOrg(target);

    const loadStartedAt = performance.now();
    const killMoment = whenToKill(scenario, settings);
    const load = runLifecycles(baseUrl, access, settings);
    await killMoment;
    const killedAt = performance.now();
    await killServer(server);
    progress(`SIGKILLed the server ${Math.round(killedAt - loadStartedAt)} ms into the load; restarting`);
    server = startServer(target, port, path.join(logDir, "server-2.log"));
    await waitHealthy(baseUrl, server);
    const healthyAt = performance.now();
    progress(`restarted server healthy ${Math.round(healthyAt - killedAt)} ms after the kill`);
    const { tag, lifecycles } = await load;
    const loadEndedAt = performance.now();
    progress(`load done ${Math.round(loadEndedAt - loadStartedAt)} ms after it started; checking`);

    await replayAnsweredKeys(baseUrl, lifecycles, settings);
    const finalState = await readFinalState(baseUrl, access.key("viewer"), lifecycles);
    await stopServer(server);
    server = undefined;
    const facts = await readDatabaseFacts(target, tag);
    const verdict = judge({ lifecycles, finalState, facts, timeline: { killedAt, healthyAt }, inFlightGraceMs });
    keepLogs = verdict.violations.length > 0;
    return {
      ...verdict,
      timings: {
        healthyMs: Math.round(healthyAt - killedAt),
        loadMs: Math.round(loadEndedAt - loadStartedAt),
        totalMs: Math.round(performance.now() - startedAt),
      },
      logDir: keepLogs ? logDir : undefined,
    };
  } catch (error) {
    throw new Error(`the crash scenario did not complete; server logs in ${logDir}`, { cause: error });
  } finally {
    abort.abort();
    if (server) await killServer(server);
    await dropTarget(target);
    if (keepLogs) progress(`server logs kept in ${logDir}`);
    else fs.rmSync(logDir, { recursive: true, force: true });
  }
}

/** Resolves at the kill moment; hooks `settings.onAnswer` to count answers. */
function whenToKill(scenario: CrashScenario, settings: LoadSettings): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, scenario.killAfterMs);
    let answered = 0;
    settings.onAnswer = () => {
      answered += 1;
      if (answered !== scenario.killAfterAnswers) return;
      clearTimeout(timer);
      // Not on the answer itself: a server that runs one request at a time (PGlite) has just
      // finished one then, and a kill between two requests would hit nothing.
      setTimeout(resolve, Math.random() * 200);
    };
  });
}

function assertBuilt(): void {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(`No build in ${path.join(root, distDir)}: run \`npm run build\` first (the crash test runs \`next start\`).`);
  }
}

/** `next start` in its own process group, so one signal reaches every process it has. */
function startServer(target: Target, port: number, logFile: string): Server {
  // An inherited DATABASE_URL names the shared test server's database, not this target's.
  const { DATABASE_URL: _sharedDatabase, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    // Vitest sets NODE_ENV=test, a mode `next start` does not expect of a production build.
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: target.dataDir,
    PORT: String(port),
    SWEEP_INTERVAL_MS: "500",
    // `next start` is a production server: the demo data and the sandbox chain are opted into.
    SEED_DEMO: "1",
    SANDBOX_CHAIN: "1",
    // The lifecycles make their own invoices; seeding the demo ones only slows the first start.
    SEED_DEMO_INVOICES: "0",
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  };
  const log = fs.openSync(logFile, "a");
  const child = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env,
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

async function waitHealthy(baseUrl: string, server: Server, timeoutMs = 90_000): Promise<void> {
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
async function killServer(server: Server): Promise<void> {
  signalGroup(server, "SIGKILL");
  await server.exited;
  await groupGone(server);
}

async function stopServer(server: Server): Promise<void> {
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

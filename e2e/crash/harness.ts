// Issue 12's crash scenario: the built app (`next start`) on a fresh database, invoice
// lifecycles against it, the server's whole process group SIGKILLed mid-load and restarted on the
// same DATA_DIR / database, the lifecycles left to finish, then the checks of ./checks.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoOrg, dropTarget, freshTarget, type Target } from "../node/support";
import { assertBuilt, freePort, killServer, startServer, stopServer, waitHealthy, type Server } from "../servers/server";
import { judge, readDatabaseFacts, readFinalState, type Figures } from "./checks";
import { replayAnsweredKeys, runLifecycles, type LoadSettings } from "./lifecycles";

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

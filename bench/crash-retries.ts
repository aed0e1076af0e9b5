// Issue 12's crash measurement: N invoice lifecycles (create → approve → sandbox pay → sign),
// every POST retried with its own Idempotency-Key, the server SIGKILLed K ms into the load and
// restarted on the same database. Prints what exactly-once looked like from the client's side
// and in the database. Needs a build (`npm run build`); loopback only.
//
//   npx tsx bench/crash-retries.ts --lifecycles 200 --kill-after-ms 3000 [--runs 1]
//     [--kill-after-answers N] [--driver pglite|postgres] [--ramp-ms 0]
//     [--retry-budget-ms 180000] [--timeout-ms 30000] [--grace-ms 3000]
//
// --kill-after-answers kills once N requests have been answered, if that comes before the delay.
//
// The driver defaults to postgres when DATABASE_URL is set (a scratch database is created beside
// it and dropped), else pglite. Exits 1 when any run broke exactly-once.
import { parseArgs } from "node:util";
import { runCrashScenario, type CrashReport } from "../e2e/crash/harness";

const { values } = parseArgs({
  options: {
    lifecycles: { type: "string", default: "200" },
    "kill-after-ms": { type: "string", default: "3000" },
    "kill-after-answers": { type: "string" },
    runs: { type: "string", default: "1" },
    driver: { type: "string", default: process.env.DATABASE_URL ? "postgres" : "pglite" },
    "ramp-ms": { type: "string", default: "0" },
    // Longer than the two minutes an abandoned claim used to block its key, so that shows.
    "retry-budget-ms": { type: "string", default: "180000" },
    "timeout-ms": { type: "string", default: "30000" },
    "grace-ms": { type: "string", default: "3000" },
  },
});

function count(name: keyof typeof values): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${values[name]}`);
  return value;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function printReport(report: CrashReport): void {
  const { figures, timings } = report;
  const rows: Array<[string, string | number]> = [
    ["lifecycles signed", `${figures.signed} / ${figures.lifecycles}`],
    ["create keys with 2+ invoices", figures.duplicateCreates],
    ["create keys with no invoice", figures.missingInvoices],
    ["keys answered other than success", figures.wrongAnswers],
    ["keys with mismatched replays", figures.mismatchedReplays],
    ["keys never answered", figures.unanswered],
    ["409/40901 refusals (all)", figures.inFlightRefusals],
    ["keys refused 40901 after restart + grace", figures.keysRefusedAfterRestart],
    ["invoices with a wrong log", figures.badLogs],
    ["payments not counted once", figures.badPayments],
    ["keys answered before the kill", `${figures.answeredBeforeKill} / ${figures.lifecycles * 4}`],
    ["keys hit by the crash", figures.interruptedKeys],
    ["requests sent", figures.attempts],
    ["kill → restarted server answers", seconds(figures.backMs)],
    ["kill → its /api/health is 200", seconds(timings.healthyMs)],
    ["kill → every key it hit answered (recovered)", seconds(figures.recoverMs)],
    ["load", seconds(timings.loadMs)],
    ["total", seconds(timings.totalMs)],
    ["violations", report.violations.length],
  ];
  for (const [label, value] of rows) console.log(`  ${label.padEnd(44)} ${value}`);
  for (const violation of report.violations.slice(0, 10)) console.log(`    - ${violation}`);
  if (report.violations.length > 10) console.log(`    … and ${report.violations.length - 10} more`);
}

const driver = values.driver;
if (driver !== "pglite" && driver !== "postgres") throw new Error(`--driver must be pglite or postgres, got ${driver}`);
if (driver === "postgres" && !process.env.DATABASE_URL) {
  throw new Error("--driver postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)");
}
const runs = count("runs");
let broken = 0;
for (let run = 1; run <= runs; run += 1) {
  const lifecycles = count("lifecycles");
  const killAfterMs = count("kill-after-ms");
  const orAnswers = values["kill-after-answers"] === undefined ? "" : ` or after ${values["kill-after-answers"]} answers`;
  console.log(`[crash] run ${run}/${runs} on ${driver}: ${lifecycles} lifecycles, SIGKILL ${killAfterMs} ms into the load${orAnswers}`);
  const report = await runCrashScenario({
    driver,
    lifecycles,
    killAfterMs,
    killAfterAnswers: values["kill-after-answers"] === undefined ? undefined : count("kill-after-answers"),
    rampMs: count("ramp-ms"),
    retryBudgetMs: count("retry-budget-ms"),
    requestTimeoutMs: count("timeout-ms"),
    inFlightGraceMs: count("grace-ms"),
    progress: (message) => console.log(`[crash] ${message}`),
  });
  printReport(report);
  if (report.violations.length > 0) broken += 1;
}
console.log(broken ? `[crash] ${broken} of ${runs} run(s) broke exactly-once` : `[crash] exactly-once held in all ${runs} run(s)`);
process.exit(broken ? 1 : 0);

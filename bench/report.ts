// The bench's report: every phase measured on Next beside the bare server, then one line per
// target with its figure and pass/fail. A phase is a module that returns a PhaseResult; adding
// one is adding it to the list in bench/invoices.ts.
import os from "node:os";
import { settings, type Measured } from "./harness";

export type TargetCheck = {
  /** What is measured, e.g. "GET one req/s, Next / bare". */
  name: string;
  value: number;
  unit: "" | "ms" | "req/s" | "score" | "KB";
  /** Pass when value >= limit ("at least") or value < limit ("below"). */
  rule: "at least" | "at most" | "below";
  limit: number;
  /** A stretch goal: reported, but its failure does not fail the run. */
  stretch?: boolean;
};

export type PhaseResult = {
  name: string;
  /** Database, size and load, e.g. "PostgreSQL, 100000 invoices, 20 connections". */
  setting: string;
  /** Rows of the figures table; a Next row is followed by the bare row it compares with. */
  rows: Array<{ next: Measured; bare?: Measured }>;
  targets: TargetCheck[];
  notes?: string[];
};

export const passes = (target: TargetCheck): boolean =>
  target.rule === "at least" ? target.value >= target.limit : target.rule === "at most" ? target.value <= target.limit : target.value < target.limit;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const cpu = (value: number) => `${value.toFixed(2)} ms`;

/** Columns padded to their widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd()).join("\n");
}

function figure(value: number, unit: TargetCheck["unit"]): string {
  if (unit === "ms") return ms(value);
  if (unit === "req/s") return `${value.toFixed(0)} req/s`;
  if (unit === "score") return value.toFixed(0);
  if (unit === "KB") return `${value.toFixed(1)} KB`;
  return value.toFixed(2);
}

/** Prints every phase and the target lines; true when every target that is not a stretch passed. */
export function printReport(phases: PhaseResult[]): boolean {
  console.log(`\n${settings.connections} connections, ${settings.seconds} s per run, ${os.cpus().length} cores (loopback; load generator, servers and database share them)`);
  for (const phase of phases) {
    console.log(`\n== ${phase.name} (${phase.setting}) ==\n`);
    const rows = [["run", "requests", "req/s", "p50", "p95", "p99", "server CPU/req", "errors/non-2xx", "Next/bare req/s", "bare/Next CPU"]];
    for (const { next, bare } of phase.rows) {
      for (const [measured, compared] of [[next, bare], [bare, undefined]] as const) {
        if (!measured) continue;
        rows.push([
          measured.label,
          String(measured.requests),
          measured.rps.toFixed(0),
          ms(measured.p50),
          ms(measured.p95),
          ms(measured.p99),
          cpu(measured.cpuMs),
          `${measured.errors}/${measured.non2xx}`,
          compared ? (measured.rps / compared.rps).toFixed(2) : "",
          compared ? (compared.cpuMs / measured.cpuMs).toFixed(2) : "",
        ]);
      }
    }
    if (rows.length > 1) console.log(table(rows));
    for (const note of phase.notes ?? []) console.log(note);
  }
  console.log("\n== targets ==\n");
  const lines = [["phase", "target", "measured", "rule", "result"]];
  let failed = 0;
  for (const phase of phases) {
    for (const target of phase.targets) {
      const ok = passes(target);
      if (!ok && !target.stretch) failed += 1;
      lines.push([
        phase.name,
        target.name + (target.stretch ? " (stretch)" : ""),
        figure(target.value, target.unit),
        `${target.rule} ${figure(target.limit, target.unit)}`,
        ok ? "PASS" : "FAIL",
      ]);
    }
  }
  console.log(table(lines));
  console.log(failed ? `\n${failed} target(s) not met` : "\nevery target met");
  return failed === 0;
}

/** Requests that failed in a phase's runs (a run with failures measures nothing worth reporting). */
export function failedRequests(phase: PhaseResult): number {
  return phase.rows.flatMap(({ next, bare }) => [next, bare]).reduce((sum, m) => sum + (m ? m.errors + m.non2xx : 0), 0);
}

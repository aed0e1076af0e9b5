// GET /invoice/intent/{id} on PostgreSQL, Next beside the bare server, with Next's own floor
// (GET /api/health, no database) for where the rest goes. Issue 10's targets: at least 0.6 of the
// bare server's req/s, at most 1.2 ms of server CPU per request, p99 below 20 ms (stretch).
import { load, settings } from "../harness";
import type { PhaseResult } from "../report";
import type { PostgresBench } from "./context";

export async function getOnePhase(bench: PostgresBench): Promise<PhaseResult> {
  const next = await load("Next  GET /invoice/intent/{id}", bench.next, bench.onePaths, bench.apiKey, settings.seconds);
  const bare = await load("bare  GET /invoice/intent/{id}", bench.bare, bench.onePaths, bench.apiKey, settings.seconds);
  const floor = await load("Next  GET /api/health (Next's floor)", bench.next, ["/api/health"], bench.apiKey, Math.min(5, settings.seconds));
  return {
    name: "GET one",
    setting: `PostgreSQL, ${bench.invoices} invoices, pool ${settings.poolSize}`,
    rows: [{ next, bare }, { next: floor }],
    targets: [
      { name: "GET one req/s, Next / bare", value: next.rps / bare.rps, unit: "", rule: "at least", limit: 0.6 },
      { name: "GET one server CPU per request", value: next.cpuMs, unit: "ms", rule: "at most", limit: 1.2 },
      { name: "GET one p99", value: next.p99, unit: "ms", rule: "below", limit: 20, stretch: true },
    ],
  };
}

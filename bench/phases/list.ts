// GET /invoice/intents?status_category=…&page_size=20 on PostgreSQL: throughput at the bench's
// connections, and latency at a fixed offered rate below saturation (closed-loop latency is just
// connections / throughput, Little's law).
import { checkSame, load, settings } from "../harness";
import type { PhaseResult } from "../report";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import type { PostgresBench } from "./context";

const listPaths = STATUS_CATEGORIES.map((category) => `/v1/studio/api/invoice/intents?status_category=${category}&page_size=20`);

export async function checkListSame(bench: PostgresBench): Promise<void> {
  for (const pathName of listPaths) await checkSame(bench.next.url, bench.bare.url, pathName, bench.apiKey);
}

export async function listPhase(bench: PostgresBench): Promise<PhaseResult> {
  const rate = settings.listRate;
  const rows = [
    {
      next: await load("Next  GET /invoice/intents?status_category", bench.next, listPaths, bench.apiKey, settings.seconds),
      bare: await load("bare  GET /invoice/intents?status_category", bench.bare, listPaths, bench.apiKey, settings.seconds),
    },
    {
      next: await load(`Next  list at ${rate} req/s`, bench.next, listPaths, bench.apiKey, settings.seconds, rate),
      bare: await load(`bare  list at ${rate} req/s`, bench.bare, listPaths, bench.apiKey, settings.seconds, rate),
    },
  ];
  const sample = (await (await fetch(`${bench.next.url}${listPaths[0]}`, { headers: { "x-studio-api-key": bench.apiKey } })).json()) as {
    counts: Record<string, number>;
  };
  return {
    name: "list",
    setting: `PostgreSQL, ${bench.invoices} invoices, pool ${settings.poolSize}`,
    rows,
    targets: [{ name: `list p95 at ${rate} req/s`, value: rows[1]!.next.p95, unit: "ms", rule: "below", limit: 50 }],
    notes: [`counts in every list response: ${JSON.stringify(sample.counts)}`],
  };
}

export const listWarmUp = listPaths;

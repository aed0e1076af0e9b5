// The list phase of `npm run bench` (issue 10): the invoice list's default view, a status
// category (beside the bare server), a date range and a text search at a fixed offered rate
// (p95 < 50 ms each), then the console's list interactions (tabs, filters and pages deep into the
// list; p95 < 100 ms), each with its server CPU per request (issue 27: at most 1 ms), and the plan
// of the search queries, as the service builds them, so the trigram index shows. Closed-loop latency is just connections / throughput (Little's law), so
// latency is measured at a fixed rate below saturation.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { schema, type Database } from "@/lib/db/client";
import { INVOICE_SEARCH_STATISTICS } from "@/lib/studio/db/invoices-schema";
import { invoiceListQuerySchema } from "@/lib/studio/invoices/schemas";
import { invoiceListPlan } from "@/lib/studio/invoices/list-invoices";
import { readTrigramFrequencies } from "@/lib/studio/core/search-trigrams";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { checkSame, cpuSeconds, load, percentile, settings, type Measured, type Target } from "../harness";
import type { PhaseResult } from "../report";
import type { PostgresBench } from "./context";
import { SEED_SPACING_MINUTES } from "./seed";

const LIST = "/v1/studio/api/invoice/intents";
/** Issue 27: a list request's server CPU, whatever its filters. */
const LIST_CPU_MS = 1;
const VARIANTS = 60;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The requests of each phase: several variants, sent in turn. */
export function listPaths(invoices: number): Record<"default" | "category" | "dateRange" | "search" | "interactions", string[]> {
  const spanDays = Math.max(8, Math.floor((invoices * SEED_SPACING_MINUTES) / 1440));
  const variants = Array.from({ length: VARIANTS }, (_, k) => k);
  const windows = variants.map((k) => {
    const end = new Date(Date.now() - Math.floor((k * (spanDays - 7)) / VARIANTS) * 86_400_000);
    return `created_after=${day(new Date(end.getTime() - 7 * 86_400_000))}&created_before=${day(end)}`;
  });
  // Half look for a recipient's address (invoices / 500 hits), half for an invoice-number prefix
  // (up to 100 hits).
  const searches = variants.map((k) =>
    k % 2 ? `search=r${(k * 37) % 500}%40bench.test` : `search=INV-BENCH-${String(((k * 7919) % Math.max(1, Math.floor(invoices / 100))) + 1).padStart(5, "0")}`,
  );
  const categories = STATUS_CATEGORIES.map((category) => `status_category=${category}`);
  return {
    default: [`${LIST}?page_size=20`],
    category: categories.map((q) => `${LIST}?${q}&page_size=20`),
    dateRange: windows.map((q) => `${LIST}?${q}&page_size=20`),
    search: searches.map((q) => `${LIST}?${q}&page_size=20`),
    // What a person does in the console: switch tabs, filter, and page (down to the 10,000-row limit).
    interactions: variants.map((k) => {
      const page = 1 + ((k * 83) % 500);
      const category = categories[k % categories.length];
      switch (k % 4) {
        case 0:
          return `${LIST}?page=${page}&page_size=20`;
        case 1:
          return `${LIST}?${category}&page=${1 + (page % 100)}&page_size=20`;
        case 2:
          return `${LIST}?${windows[k]}&${category}&page=${1 + (page % 5)}&page_size=20`;
        default:
          return `${LIST}?${searches[k]}&${category}&page_size=20`;
      }
    }),
  };
}

/** The bare server answers the status-category list too: the one list both must agree on. */
export async function checkListSame(bench: PostgresBench): Promise<void> {
  for (const pathName of listPaths(bench.invoices).category) await checkSame(bench.next.url, bench.bare.url, pathName, bench.apiKey);
}

export async function listPhase(bench: PostgresBench): Promise<PhaseResult> {
  const paths = listPaths(bench.invoices);
  const rate = settings.listRate;
  const atRate = (label: string, target: PostgresBench["next"], phasePaths: string[]) =>
    load(`${label} at ${rate} req/s`, target, phasePaths, bench.apiKey, settings.seconds, rate);
  // A search reads every matching invoice from the table, the first time from wherever the seed
  // left it. Each search is sent once, one after another, and that first pass is reported on its own.
  const firstVisits = await oneByOne(bench, paths.search);
  const idleCpuMsPerSecond = await idleCpu(bench.next, 5);
  // Warm the caches the way a running service has them.
  for (const phasePaths of Object.values(paths)) await load("warm-up", bench.next, phasePaths, bench.apiKey, 2);
  const views = [
    { next: await atRate("Next  list default view", bench.next, paths.default) },
    { next: await atRate("Next  list status_category", bench.next, paths.category), bare: await atRate("bare  list status_category", bench.bare, paths.category) },
    { next: await atRate("Next  list date range", bench.next, paths.dateRange) },
    // This VM's kernel pages out page cache left idle for a minute (DAMON), which the phases
    // before this one take: the searches are sent once more, so the run sees the working set of a
    // service that is being searched, as the other phases see theirs.
    { next: await oneByOne(bench, paths.search).then(() => atRate("Next  list text search", bench.next, paths.search)) },
  ];
  const interactions = await atRate("Next  list interactions (tabs, filters, pages)", bench.next, paths.interactions);
  const saturation = {
    next: await load("Next  list status_category, closed loop", bench.next, paths.category, bench.apiKey, settings.seconds),
    bare: await load("bare  list status_category, closed loop", bench.bare, paths.category, bench.apiKey, settings.seconds),
  };
  const sample = (await (await fetch(`${bench.next.url}${paths.category[0]}`, { headers: { "x-studio-api-key": bench.apiKey } })).json()) as {
    counts: Record<string, number>;
  };
  return {
    name: "list",
    setting: `PostgreSQL, ${bench.invoices} invoices, pool ${settings.poolSize}`,
    rows: [...views, { next: interactions }, saturation],
    targets: [
      ...views.map(({ next }) => ({ name: `${viewName(next)} p95`, value: next.p95, unit: "ms" as const, rule: "below" as const, limit: 50 })),
      { name: `${viewName(interactions)} p95`, value: interactions.p95, unit: "ms", rule: "below", limit: 100 },
      // Issue 27: CPU per request does not depend on what else the machine runs, unlike latency.
      ...[...views.map(({ next }) => next), interactions].map((measured) => ({
        name: `${viewName(measured)} server CPU per request`,
        value: measured.cpuMs,
        unit: "ms" as const,
        rule: "at most" as const,
        limit: LIST_CPU_MS,
      })),
    ],
    notes: [
      `Next server CPU with no requests: ${idleCpuMsPerSecond.toFixed(1)} ms a second, ${(idleCpuMsPerSecond / rate).toFixed(2)} ms of each figure at ${rate} req/s`,
      `counts in every list response: ${JSON.stringify(sample.counts)}`,
      `text search, first visit of each of the ${paths.search.length} searches, one at a time: ` +
        `p50 ${percentile(firstVisits, 0.5).toFixed(1)} ms, p95 ${percentile(firstVisits, 0.95).toFixed(1)} ms, max ${firstVisits.at(-1)!.toFixed(1)} ms`,
    ],
  };
}

/** A server's CPU while it answers nothing (timers, collection): part of every CPU-per-request figure at a fixed rate. */
async function idleCpu(target: Target, seconds: number): Promise<number> {
  const before = cpuSeconds(target.pid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return ((cpuSeconds(target.pid) - before) * 1000) / seconds;
}

const viewName = (measured: Measured) => measured.label.replace(/^Next\s+/, "");

/** The latency of each path sent once, one after another, sorted. */
async function oneByOne(bench: PostgresBench, phasePaths: readonly string[]): Promise<number[]> {
  const latencies: number[] = [];
  for (const pathName of phasePaths) {
    const started = performance.now();
    const response = await fetch(`${bench.next.url}${pathName}`, { headers: { "x-studio-api-key": bench.apiKey } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pathName}: HTTP ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

/** EXPLAIN ANALYZE of a list request's queries, built by the service's own list code. */
export async function explainList(databaseUrl: string, orgId: number, queryString: Record<string, string>): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const database = drizzle({ client, schema }) as unknown as Database;
    const query = invoiceListQuerySchema.parse(queryString);
    const frequencies = await readTrigramFrequencies(database, INVOICE_SEARCH_STATISTICS);
    const out: string[] = [];
    for (const statement of await invoiceListPlan(database, orgId, query, frequencies).statements()) {
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.sql}`, statement.params);
      out.push(`-- ${statement.name} query of GET /invoice/intents?${new URLSearchParams(queryString)}`, ...rows.map((row) => row["QUERY PLAN"]));
    }
    return out.join("\n");
  } finally {
    await client.end();
  }
}

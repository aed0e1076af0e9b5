import "server-only";
// A contains-search through a pg_trgm index costs what its most common trigram costs: GIN walks
// every trigram's posting list, and the text a shop's invoices share (its own billing address, a
// common mail domain) puts a few trigrams in every row. At a million invoices, asking the index for
// all trigrams of `r123@bench.test` took 66–250 ms; asking it for the two rarest took 2.6 ms. So
// the index is asked only for a search's rarest trigrams, ranked by the planner's statistics on
// the searched text (a CREATE STATISTICS on its `show_trgm`), and the exact check decides.
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";

/** How often each listed trigram occurs (0–1 of rows); a trigram not listed is rarer than all listed. */
export type TrigramFrequencies = ReadonlyMap<string, number>;

// More trigrams narrow the candidates but each one's posting list is read: beyond this share of
// rows a trigram costs more to read than it saves in rows checked.
const MOST_COMMON_USEFUL = 0.05;
const MOST_TRIGRAMS = 3;

/**
 * A piece of the search that every matching text contains, and the one trigram pg_trgm takes from
 * it as a LIKE pattern: the index is asked for `%pattern%`, which costs what that trigram costs.
 */
export type NarrowingTerm = { pattern: string; trigram: string };

/**
 * The search's narrowing terms, in pg_trgm's terms:
 *  - each three-character window inside a run of ASCII letters and digits (`r12`, `123`);
 *  - the end of a run that the search itself ends with an ASCII non-alphanumeric character: the
 *    text's word ends there too, so `37@` stands for the trigram `37 ` (a word ending in 37).
 * A run's start is left out (its trigram comes with the common `  x` one), and so is anything
 * non-ASCII, which pg_trgm stores hashed.
 */
export function narrowingTerms(search: string): NarrowingTerm[] {
  // Only ASCII is lowercased here: JavaScript folds some other letters into ASCII (the Kelvin sign
  // into k), which the database's lower() need not do.
  const lowered = search.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const terms = new Map<string, NarrowingTerm>();
  for (const { 0: run, index } of lowered.matchAll(/[a-z0-9]+/g)) {
    for (let i = 0; i + 3 <= run.length; i++) {
      const trigram = run.slice(i, i + 3);
      if (!terms.has(trigram)) terms.set(trigram, { pattern: trigram, trigram });
    }
    const following = lowered[index + run.length];
    if (run.length >= 2 && following !== undefined && following < "\u0080") {
      const trigram = `${run.slice(-2)} `;
      if (!terms.has(trigram)) terms.set(trigram, { pattern: `${run.slice(-2)}${following}`, trigram });
    }
  }
  return [...terms.values()];
}

/**
 * The terms to ask the index for: the rarest always, then up to two more while they stay below
 * MOST_COMMON_USEFUL. Empty when the search has no trigram to offer.
 */
export function selectiveTerms(search: string, frequencies: TrigramFrequencies): NarrowingTerm[] {
  const ranked = narrowingTerms(search)
    .map((term, order) => ({ term, order, frequency: frequencies.get(term.trigram) ?? 0 }))
    .sort((a, b) => a.frequency - b.frequency || a.order - b.order);
  return ranked
    .filter((entry, rank) => rank === 0 || (rank < MOST_TRIGRAMS && entry.frequency <= MOST_COMMON_USEFUL))
    .map((entry) => entry.term);
}

/**
 * The trigram frequencies ANALYZE sampled for the statistics object `statisticsName`, or undefined
 * before the first ANALYZE (PGlite has no autovacuum): then searches use the whole pattern.
 */
export async function readTrigramFrequencies(database: Database, statisticsName: string): Promise<TrigramFrequencies | undefined> {
  const result = await database.execute(sql`
    SELECT most_common_elems::text::text[] AS trigrams, most_common_elem_freqs AS frequencies
    FROM pg_stats_ext_exprs WHERE statistics_name = ${statisticsName} AND most_common_elems IS NOT NULL`);
  const [row] = (result as unknown as { rows: Array<{ trigrams: string[]; frequencies: number[] }> }).rows;
  if (!row) return undefined;
  // most_common_elem_freqs ends with the minimum, maximum and null frequencies after the elements'.
  return new Map(row.trigrams.map((trigram, i) => [trigram, Number(row.frequencies[i])]));
}

// Statistics change only when ANALYZE runs, so each process reads them at most once a minute.
const REFRESH_MS = 60_000;
const cache = new Map<string, { read: Promise<TrigramFrequencies | undefined>; at: number }>();

/** `readTrigramFrequencies`, remembered for a minute per process. */
export function trigramFrequencies(database: Database, statisticsName: string): Promise<TrigramFrequencies | undefined> {
  const cached = cache.get(statisticsName);
  if (cached && Date.now() - cached.at < REFRESH_MS) return cached.read;
  const read = readTrigramFrequencies(database, statisticsName).catch((error: unknown) => {
    cache.delete(statisticsName);
    throw error;
  });
  cache.set(statisticsName, { read, at: Date.now() });
  return read;
}

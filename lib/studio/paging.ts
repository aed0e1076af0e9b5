// Paging shared by every list endpoint (spec part 8): one query schema to extend, one envelope.
import { and, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { STATUS_CATEGORIES, type StatusCategory } from "@/lib/studio/workflow/state-machine";
import { fieldError } from "@/lib/studio/errors";
import { isoDateOrTimestamp } from "@/lib/studio/validation";
import { selectiveTerms, type TrigramFrequencies } from "@/lib/studio/search-trigrams";

// Query strings are text: only plain digits count as an integer ("1e3", "0x10" and " 1" do not).
export const queryInteger = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().min(1, "must be at least 1").max(max, `must be at most ${max}`))
    .default(fallback);

/** A free-text or exact-match filter parameter. */
export const filterText = z.string().trim().min(1).max(200).optional();

// Deep pages cost an OFFSET scan of every row before them: lists stop at the 10,000th row, and
// anything older is reached by narrowing the list (a filter, a search, a created_before bound).
export const MAX_LIST_DEPTH = 10_000;

export const pagingQuerySchema = z.object({
  page: queryInteger(1, MAX_LIST_DEPTH),
  page_size: queryInteger(20, 100),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** The `created_after` / `created_before` pair every list accepts. */
export const createdRangeQuerySchema = z.object({
  created_after: isoDateOrTimestamp.optional(),
  created_before: isoDateOrTimestamp.optional(),
});

/** The page's offset; 400 when it starts past MAX_LIST_DEPTH rows. */
export function pageOffset(query: PagingQuery): number {
  const offset = (query.page - 1) * query.page_size;
  if (offset >= MAX_LIST_DEPTH) {
    throw fieldError(
      "page",
      `must start within the first ${MAX_LIST_DEPTH} rows (page × page_size); narrow the list with filters or created_before instead`,
    );
  }
  return offset;
}

/**
 * The ListEnvelope's `paging` and `counts` from rows counted per status: `counts` has every
 * status category (zeros included); `total_count` counts only the statuses the list selected.
 */
export function listEnvelope<Status extends string, Record>(input: {
  data: Record[];
  query: PagingQuery;
  statusCounts: readonly { status: string; count: number }[];
  category: { [S in Status]: StatusCategory };
  selected: readonly Status[] | undefined;
}) {
  const counts = Object.fromEntries(STATUS_CATEGORIES.map((category) => [category, 0])) as { [C in StatusCategory]: number };
  let totalCount = 0;
  for (const { status, count } of input.statusCounts) {
    const category = input.category[status as Status];
    if (category) counts[category] += count;
    if (!input.selected || input.selected.includes(status as Status)) totalCount += count;
  }
  return {
    data: input.data,
    paging: { page_number: input.query.page, page_size: input.query.page_size, total_count: totalCount },
    counts,
  };
}

/** The statuses a `status` and/or `status_category` filter admit; undefined means all. */
export function selectedStatuses<Status extends string>(
  machine: { statuses: readonly Status[]; statusesIn: (category: StatusCategory) => Status[] },
  query: { status?: Status; status_category?: StatusCategory },
): Status[] | undefined {
  if (!query.status && !query.status_category) return undefined;
  const inCategory = query.status_category ? machine.statusesIn(query.status_category) : [...machine.statuses];
  return query.status ? inCategory.filter((status) => status === query.status) : inCategory;
}

/** An ILIKE pattern that matches `text` anywhere, with its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The free-text `search` of a list: `text` anywhere in any of `columns`. */
export function searchAny(columns: readonly AnyColumn[], text: string): SQL {
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern))) as SQL;
}

/**
 * `searchAny` through a trigram index on `searchText` (the columns joined by spaces, lowercased
 * and stored). The index narrows the rows to those holding pieces of the search (with the
 * statistics' trigram frequencies, only its rarest pieces: see search-trigrams.ts). Then the
 * search is looked for in that text, and a search with a space, which could span two columns
 * there, is also checked column by column, so a match that only spans two columns is not a match,
 * exactly as without the index. ILIKE compares what the database's lower() makes of both sides,
 * so lower() on both sides finds the same rows.
 */
export function indexedSearch(searchText: AnyColumn, columns: readonly AnyColumn[], text: string, frequencies?: TrigramFrequencies): SQL {
  const terms = frequencies ? selectiveTerms(text, frequencies) : [];
  const pieces = terms.length > 0 ? terms.map((term) => term.pattern) : [text];
  const narrowing = pieces.map((piece) => sql`${searchText} LIKE lower(${containsPattern(piece)})`);
  const inJoinedText = sql`strpos(${searchText}, lower(${text})) > 0`;
  // Cheap enough to go first even when the index narrows little, which the per-column check is not.
  const exact = text.includes(" ") ? and(inJoinedText, searchAny(columns, text)) : inJoinedText;
  return and(...narrowing, exact) as SQL;
}

// Paging shared by every list endpoint (spec part 8): one query schema to extend, one envelope.
import { and, asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Database } from "@/lib/db/client";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { STATUS_CATEGORIES, type StatusCategory } from "@/lib/studio/workflow/state-machine";
import { fieldError } from "@/lib/studio/core/errors";
import { isoDateOrTimestamp } from "@/lib/studio/core/validation";
import { selectiveTerms, type TrigramFrequencies } from "@/lib/studio/core/search-trigrams";

// Query strings are text: only plain digits count as an integer ("1e3", "0x10" and " 1" do not).
// Digits become the number before the check, so the document shows what the value is (an integer
// from 1 to `max`) and a generated client sends `page: 1`, not a string pattern.
export const queryInteger = (fallback: number, max: number) =>
  z
    .preprocess(
      (value) => (typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value),
      z.number({ error: "must be an integer" }).int("must be an integer").min(1, "must be at least 1").max(max, `must be at most ${max}`),
    )
    .default(fallback);

/** A free-text or exact-match filter parameter. */
export const filterText = z.string().trim().min(1).max(200).optional();

// Deep pages cost an OFFSET scan of every row before them: page numbers stop at the 10,000th row,
// and any row past it is reached with the cursor (`starting_after`), at constant cost.
export const MAX_LIST_DEPTH = 10_000;

export const pagingQuerySchema = z.object({
  page: queryInteger(1, MAX_LIST_DEPTH),
  page_size: queryInteger(20, 100),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** The cursor extension: the page after the row with this id, in the list's order. */
export const cursorQuerySchema = z.object({
  starting_after: filterText.meta({
    description:
      "Extension: the id of the last row of the previous page (its `paging.next_starting_after`); answers the rows after it in the list's order, at constant cost at any depth. Leave `page` out with it.",
  }),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

/** An export's query: the list's filters and sort, without its paging (an export is every row). */
export function exportQuerySchema<Shape extends z.ZodRawShape & { page: unknown; page_size: unknown; starting_after: unknown }>(list: z.ZodObject<Shape>) {
  return list.omit({ page: true, page_size: true, starting_after: true } as never) as z.ZodObject<Omit<Shape, "page" | "page_size" | "starting_after">>;
}
export type ExportQuery<Query> = Omit<Query, "page" | "page_size" | "starting_after">;

/**
 * The `sort` extension of a list over `keys`: `key` ascending, `-key` descending; ties (and the
 * default, newest first) follow the order the records were created in.
 */
export function sortQuerySchema<const Key extends string>(keys: readonly Key[]) {
  const values = keys.flatMap((key) => [key, `-${key}`]) as [Key | `-${Key}`, ...(Key | `-${Key}`)[]];
  return z.object({
    sort: z
      .enum(values)
      .optional()
      .meta({ description: `Extension: the order of the list, \`-\` for descending; newest first when left out. One of ${values.join(", ")}.` }),
  });
}

/** How a list is ordered: a key, then its creation sequence breaking ties, both one way. */
export type ListOrder = { key: AnyColumn | SQL; seq: AnyColumn | SQL; descending: boolean; keyIsSeq: boolean };

/**
 * The due-date sort key of a record whose deadline lives on its payment intent (payouts, payment
 * intents): one without a deadline yet sorts as due last.
 */
export function deadlineSortKey(): SQL {
  return sql`coalesce(${paymentIntents.paymentDeadline}, 9223372036854775807::bigint)`;
}

/** The order a `sort` value names among `keys` (the creation sequence when left out). */
export function listOrder<Key extends string>(
  sort: string | undefined,
  keys: { [K in Key]: AnyColumn | SQL },
  seq: AnyColumn | SQL,
): ListOrder {
  if (!sort) return { key: seq, seq, descending: true, keyIsSeq: true };
  const descending = sort.startsWith("-");
  const key = keys[(descending ? sort.slice(1) : sort) as Key];
  return { key, seq, descending, keyIsSeq: key === seq };
}

export function orderClauses(order: ListOrder): SQL[] {
  const direction = order.descending ? desc : asc;
  return order.keyIsSeq ? [direction(order.seq)] : [direction(order.key), direction(order.seq)];
}

/**
 * The rows after the cursor row (`cursorKey` is its key, as a scalar subquery or a value) in the
 * list's order: one row comparison, which an index on (org, key, seq) answers by a range scan.
 */
export function afterCursor(order: ListOrder, cursor: { key: SQL; seq: number }): SQL {
  const comparison = order.descending ? sql.raw("<") : sql.raw(">");
  if (order.keyIsSeq) return sql`${order.seq} ${comparison} ${cursor.seq}`;
  return sql`(${order.key}, ${order.seq}) ${comparison} (${cursor.key}, ${cursor.seq})`;
}

/**
 * The cursor row's key for `afterCursor`: read again inside the page's query by the row's seq (a
 * unique index) from `from` (the list's table, joined as its key needs), so it is compared as the
 * key's own type (numeric, timestamp) without a round trip. The key's column references resolve to
 * the subquery's own tables, which shadow the outer query's.
 */
export function keyOfRow(order: ListOrder, from: SQL, seq: number): SQL {
  if (order.keyIsSeq) return sql`${seq}`;
  return sql`(SELECT ${order.key} FROM ${from} WHERE ${order.seq} = ${seq})`;
}

/** The page's window: one row more than the page, which tells whether another page follows. */
export function pageWindow(query: PagingQuery & CursorQuery): { limit: number; offset: number } {
  if (query.starting_after !== undefined) {
    if (query.page !== 1) throw fieldError("page", "must be 1 or left out with starting_after: the cursor names where the page starts");
    return { limit: query.page_size + 1, offset: 0 };
  }
  return { limit: query.page_size + 1, offset: pageOffset(query) };
}

/** The page's rows without the look-ahead row, and the cursor of the next page (null on the last). */
export function cutPage<Row>(rows: Row[], query: PagingQuery, idOf: (row: Row) => string | number) {
  const page = rows.slice(0, query.page_size);
  const last = page[page.length - 1];
  const next = rows.length > query.page_size && last !== undefined ? String(idOf(last)) : null;
  return { page, next };
}

/** The `seq` of the cursor's row in the caller's organization; 400 naming `starting_after` when none. */
export async function cursorSeq(
  database: Database,
  input: { table: PgTable; id: PgColumn; seq: PgColumn; org: PgColumn; orgId: number; cursor: string; numericId?: boolean },
): Promise<number> {
  const invalid = () => fieldError("starting_after", "must be the id of a row of this list");
  if (input.numericId && !/^\d{1,18}$/.test(input.cursor)) throw invalid();
  const [row] = await database
    .select({ seq: input.seq })
    .from(input.table)
    .where(and(eq(input.org, input.orgId), eq(input.id, input.cursor)))
    .limit(1);
  if (!row) throw invalid();
  return Number(row.seq);
}

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
      `must start within the first ${MAX_LIST_DEPTH} rows (page × page_size); past them, page with starting_after (the last row's id, given as paging.next_starting_after)`,
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
  next: string | null;
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
    paging: { page_number: input.query.page, page_size: input.query.page_size, total_count: totalCount, next_starting_after: input.next },
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

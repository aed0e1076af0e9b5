// Paging shared by every list endpoint (spec part 8): one query schema to extend, one envelope.
// The list forms read these schemas too; the SQL that orders, pages and searches a list is in
// list-sql.ts, on the server only.
import { z } from "zod";
import { STATUS_CATEGORIES, type StatusCategory } from "@/lib/studio/workflow/state-machine";
import { fieldError } from "@/lib/studio/core/errors";
import { isoDateOrTimestamp } from "@/lib/studio/core/validation";

// Query strings are text: only plain digits count as an integer ("1e3", "0x10" and " 1" do not).
// Digits become the number before the check, so the document shows what the value is (an integer
// from `min` to `max`) and a generated client sends `page: 1`, not a string pattern.
export const queryInteger = (fallback: number, max: number, min = 1) =>
  z
    .preprocess(
      (value) => (typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value),
      z.number({ error: "must be an integer" }).int("must be an integer").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`),
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

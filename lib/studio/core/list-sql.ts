import "server-only";
// The SQL every list shares: its order (a key, then the creation sequence), the cursor that pages
// it at constant cost, and its free-text search (through the trigram index where there is one).
import { and, asc, desc, eq, fillPlaceholders, gte, ilike, inArray, lt, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db/client";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { fieldError } from "@/lib/studio/core/errors";
import { containsPattern } from "@/lib/studio/core/paging";
import { selectiveTerms, type TrigramFrequencies } from "@/lib/studio/core/search-trigrams";

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
export function afterCursor(order: ListOrder, cursor: { key: SQL; seq: number | Placeholder }): SQL {
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
export function keyOfRow(order: ListOrder, from: SQL, seq: number | Placeholder): SQL {
  if (order.keyIsSeq) return sql`${seq}`;
  return sql`(SELECT ${order.key} FROM ${from} WHERE ${order.seq} = ${seq})`;
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

/** Any of `columns` ILIKE `pattern` (a value, or the placeholder standing for it): a list's free-text search. */
export function anyColumnLike(columns: readonly AnyColumn[], pattern: string | Placeholder): SQL {
  return or(...columns.map((column) => ilike(column, pattern))) as SQL;
}

/** The values of an `indexedSearch` of `text` by placeholder name: how many pieces narrow, and whether columns are checked, is its shape. */
export function indexedSearchValues(text: string, frequencies?: TrigramFrequencies): ListValues {
  const terms = frequencies ? selectiveTerms(text, frequencies) : [];
  const pieces = terms.length > 0 ? terms.map((term) => term.pattern) : [text];
  const values: ListValues = { searchText: text };
  pieces.forEach((piece, index) => (values[`searchPiece${index}`] = containsPattern(piece)));
  if (text.includes(" ")) values.searchColumnPattern = containsPattern(text);
  return values;
}

/**
 * The free-text `search` of a list, `text` anywhere in any of `columns`, through a trigram index on
 * `searchText` (the columns joined by spaces, lowercased and stored), over the values of
 * `indexedSearchValues` or placeholders of them. The index narrows the rows to those holding
 * pieces of the search (with the statistics' trigram frequencies, only its rarest pieces: see
 * search-trigrams.ts). Then the search is looked for in that text, and a search with a space,
 * which could span two columns there, is also checked column by column, so a match that only spans
 * two columns is not a match, exactly as without the index. ILIKE compares what the database's
 * lower() makes of both sides, so lower() on both sides finds the same rows.
 */
export function indexedSearch(searchText: AnyColumn, columns: readonly AnyColumn[], bound: Bound): SQL {
  const narrowing = numbered(bound, "searchPiece").map((piece) => sql`${searchText} LIKE lower(${piece})`);
  const inJoinedText = sql`strpos(${searchText}, lower(${bound.value("searchText")})) > 0`;
  // Cheap enough to go first even when the index narrows little, which the per-column check is not.
  const exact = bound.has("searchColumnPattern")
    ? and(inJoinedText, anyColumnLike(columns, bound.value("searchColumnPattern") as string | Placeholder))
    : inJoinedText;
  return and(...narrowing, exact) as SQL;
}

/** A list statement's values by placeholder name; which names are given is the statement's shape. */
export type ListValues = Record<string, unknown>;

/** `values` without the names whose value is undefined: a filter left out is not in the statement. */
export function givenValues(values: ListValues): ListValues {
  const given: ListValues = {};
  for (const name in values) if (values[name] !== undefined) given[name] = values[name];
  return given;
}

/**
 * How a condition's builder refers to its values: the values themselves (a statement built for
 * one request) or placeholders of them (a statement built once per shape, `listStatements`).
 */
export type Bound = { has(name: string): boolean; value(name: string): unknown };

export function inline(values: ListValues): Bound {
  return { has: (name) => name in values, value: (name) => values[name] };
}

export function placeholders(given: ReadonlySet<string>): Bound {
  return { has: (name) => given.has(name), value: (name) => sql.placeholder(name) };
}

/** The bound values `${prefix}0`, `${prefix}1`, … that are given. */
function numbered(bound: Bound, prefix: string): unknown[] {
  const found: unknown[] = [];
  for (let index = 0; bound.has(`${prefix}${index}`); index++) found.push(bound.value(`${prefix}${index}`));
  return found;
}

/** The values of a list's `created_after` / `created_before` filter. */
export function createdRangeValues(query: { created_after?: string; created_before?: string }): ListValues {
  return {
    createdAfter: query.created_after ? new Date(query.created_after) : undefined,
    createdBefore: query.created_before ? new Date(query.created_before) : undefined,
  };
}

/** `column` within the range of `createdRangeValues`: a condition for each end given. */
export function createdRangeConditions(column: PgColumn, bound: Bound): SQL[] {
  // A placeholder's value is not encoded by the column it is compared with: the timestamps are, here.
  const conditions: SQL[] = [];
  if (bound.has("createdAfter")) conditions.push(gte(column, sql.param(bound.value("createdAfter"), column)));
  if (bound.has("createdBefore")) conditions.push(lt(column, sql.param(bound.value("createdBefore"), column)));
  return conditions;
}

/**
 * The values of a `status` / `status_category` filter (`selectedStatuses`): none when every status
 * is admitted, and only the name `noStatus` when none is (a status outside the category asked for).
 */
export function statusValues(statuses: readonly string[] | undefined): ListValues {
  if (statuses?.length === 0) return { noStatus: true };
  const values: ListValues = {};
  statuses?.forEach((status, index) => (values[`status${index}`] = status));
  return values;
}

/** `column` is one of the statuses of `statusValues`; undefined when they admit every status. */
export function statusCondition(column: AnyColumn | SQL, bound: Bound): SQL | undefined {
  if (bound.has("noStatus")) return sql`false`;
  const statuses = numbered(bound, "status");
  return statuses.length > 0 ? inArray(sql`${column}`, statuses) : undefined;
}

/**
 * List statements built once per database handle and shape, then run with each request's values:
 * drizzle building a list's SQL per request was most of its server CPU (bench/README.md, issue
 * 27). A builder is told only which values a request gives (as `placeholders`) and its `variant`
 * (whatever else decides the SQL's text, such as the sort), never the values, so nothing of the
 * request that built a statement is baked into the statement later requests run.
 *
 * The statements run unnamed, as the per-request queries did: PostgreSQL plans each run with its
 * own values. A named statement may switch to a generic plan after five runs, and a generic plan
 * cannot see how selective a search pattern or a date range is, which the lists' plans rely on.
 */
export function listStatements<Variant, Statement>(build: (database: Database, bound: Bound, variant: Variant) => Statement) {
  const byDatabase = new WeakMap<Database, Map<string, Statement>>();
  return (database: Database, values: ListValues, variant: Variant): Statement => {
    const names = Object.keys(values);
    const shape = `${JSON.stringify(variant)}|${names.join(",")}`;
    let byShape = byDatabase.get(database);
    if (!byShape) byDatabase.set(database, (byShape = new Map()));
    let statement = byShape.get(shape);
    if (!statement) byShape.set(shape, (statement = build(database, placeholders(new Set(names)), variant)));
    return statement;
  };
}

/** A statement built with placeholders (its `toSQL()`), as run with `values`: what `tableRows` reads. */
export function withValues(query: { sql: string; params: unknown[] }, values: ListValues) {
  return { toSQL: () => ({ sql: query.sql, params: fillPlaceholders(query.params, values) }) };
}

import "server-only";
// The SQL every list shares: its order (a key, then the creation sequence), the cursor that pages
// it at constant cost, and its free-text search (through the trigram index where there is one).
import { and, asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
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

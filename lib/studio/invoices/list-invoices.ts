import "server-only";
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect, type PgColumn } from "drizzle-orm/pg-core";
import { db, type Database } from "@/lib/db/client";
import { tableRows, type TableRow } from "@/lib/db/table-rows";
import { csvBatch, type CsvBatches } from "@/lib/studio/export/csv-export";
import { INVOICE_SEARCH_STATISTICS, invoiceSearchColumns, invoiceStatusCounts, invoices } from "@/lib/studio/db/invoices-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import type { InvoiceListQuery } from "@/lib/studio/invoices/schemas";
import { cutPage, listEnvelope, pageWindow, selectedStatuses, type ExportQuery } from "@/lib/studio/core/paging";
import { afterCursor, cursorSeq, indexedSearch, listOrder, orderClauses, keyOfRow, type ListOrder } from "@/lib/studio/core/list-sql";
import { trigramFrequencies, type TrigramFrequencies } from "@/lib/studio/core/search-trigrams";
import { invoiceStateMachine, STATUS_CATEGORY } from "@/lib/studio/invoices/status";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// GET /invoice/intents: one page in the list's order (newest first unless `sort`), the total, and
// per-category counts for the tabs.
export async function listInvoices(input: { principal: Principal; query: InvoiceListQuery }) {
  const { principal, query } = input;
  const database = await db();
  const [frequencies, cursor] = await Promise.all([
    query.search ? trigramFrequencies(database, INVOICE_SEARCH_STATISTICS) : undefined,
    invoiceCursor(database, principal.orgId, query),
  ]);
  const plan = invoiceListPlan(database, principal.orgId, query, frequencies, cursor);
  const { statusCounts, rows } = await plan.run();
  const { page, next } = cutPage(rows, query, (row) => row.invoice.id);
  return listEnvelope({
    data: page.map((row) => serializeInvoice(row.invoice, row.paymentIntent)),
    query,
    next,
    statusCounts,
    category: STATUS_CATEGORY,
    selected: plan.statuses,
  });
}

/** The order a list query names: `sort`'s key, ties (and the default) by creation. */
export function invoiceOrder(query: Pick<InvoiceListQuery, "sort">): ListOrder {
  return listOrder(query.sort, { created_at: invoices.seq, amount: invoices.amount, due_date: invoices.dueAt }, invoices.seq);
}

/** The `seq` of the `starting_after` invoice, when the query has one. */
export async function invoiceCursor(database: Database, orgId: number, query: Pick<InvoiceListQuery, "starting_after">) {
  if (query.starting_after === undefined) return undefined;
  return cursorSeq(database, { table: invoices, id: invoices.id, seq: invoices.seq, org: invoices.orgId, orgId, cursor: query.starting_after });
}

// Below this many matching invoices, a date-range page sorts the range's rows (found through the
// created_at index) rather than walking every newer invoice newest-first until the range begins.
const NARROW_RANGE = 20_000;

type StatusCount = { status: string; count: number };
type Statement = { name: string; sql: string; params: unknown[] };

/**
 * How the list finds its counts and its page: `run` answers, `statements` gives what it sent (the
 * bench EXPLAINs them). The page is found on `invoices` alone, then only its rows are joined to
 * their payment intents, so a deep page does not fetch a payment intent for every row it skips.
 *  - A search reads its matching rows once for both the counts and the page: every match must be
 *    read from the table to be checked, and reading them twice was the search's whole cost.
 *  - A date range's page wants the number of rows it matches, from the counts: the planner cannot
 *    know that `seq` follows `created_at`, and picks the newest-first walk even for a narrow range
 *    a year back.
 *  - Otherwise the counts and the newest-first page run side by side.
 */
export function invoiceListPlan(
  database: Database,
  orgId: number,
  query: InvoiceListQuery,
  searchFrequencies?: TrigramFrequencies,
  cursor?: number,
) {
  const filters = sharedFilters(query, searchFrequencies);
  const statuses = selectedStatuses(invoiceStateMachine, query);
  const { limit, offset } = pageWindow(query);
  const order = invoiceOrder(query);
  const after = cursor !== undefined ? afterCursor(order, { key: keyOfRow(order, sql`${invoices}`, cursor), seq: cursor }) : undefined;
  const matching = (columns: { seq: typeof invoices.seq; status?: typeof invoices.status; sortKey?: SQL.Aliased }, withStatuses: boolean) => {
    const found = database.select(columns).from(invoices);
    return (query.settlement_type !== undefined ? found.innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId)) : found).where(
      and(eq(invoices.orgId, orgId), ...filters, withStatuses && statuses ? inArray(invoices.status, statuses) : undefined, withStatuses ? after : undefined),
    );
  };
  const pageRows = (pageSeqs: SQLWrapper | number[]) =>
    database
      .select({ invoice: invoices, paymentIntent: paymentIntents })
      .from(invoices)
      .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
      .where(inArray(invoices.seq, pageSeqs))
      .orderBy(...orderClauses(order));
  type Rows = Awaited<ReturnType<typeof pageRows>>;

  if (query.search) {
    // The CTE's own names: its rows carry the sort key as `sort_key` beside `seq`.
    const matchedOrder: ListOrder = { ...order, key: sql`sort_key`, seq: sql`seq` };
    const pageFilter = and(
      statuses ? inArray(sql`status`, statuses) : undefined,
      cursor !== undefined ? afterCursor(matchedOrder, { key: keyOfRow(order, sql`${invoices}`, cursor), seq: cursor }) : undefined,
    );
    const countsAndPage = sql`WITH matched AS ${matching({ seq: invoices.seq, status: invoices.status, sortKey: sql`${order.key}`.as("sort_key") }, false)}
      SELECT json_build_object(
        'counts', (SELECT coalesce(json_agg(c), '[]'::json) FROM (SELECT status, count(*)::int AS count FROM matched GROUP BY status) c),
        'seqs', (SELECT coalesce(json_agg(seq), '[]'::json)
                 FROM (SELECT seq FROM matched ${pageFilter ? sql`WHERE ${pageFilter}` : sql``} ORDER BY ${sql.join(orderClauses(matchedOrder), sql`, `)} LIMIT ${limit} OFFSET ${offset}) p)
      ) AS found`;
    const find = async () => {
      const result = (await database.execute(countsAndPage)) as unknown as { rows: Array<{ found: { counts: StatusCount[]; seqs: number[] } }> };
      return result.rows[0]!.found;
    };
    return {
      statuses,
      async run(): Promise<{ statusCounts: StatusCount[]; rows: Rows }> {
        const { counts, seqs } = await find();
        return { statusCounts: counts, rows: seqs.length > 0 ? await pageRows(seqs) : [] };
      },
      async statements(): Promise<Statement[]> {
        const { seqs } = await find();
        return [
          { name: "counts and page", ...new PgDialect().sqlToQuery(countsAndPage) },
          { name: "page rows", ...pageRows(seqs.length > 0 ? seqs : [0]).toSQL() },
        ];
      },
    };
  }

  const needsMatchCount = query.created_after !== undefined || query.created_before !== undefined;
  const counts = statusCountsQuery(database, orgId, query, filters);
  const page = (matched?: number) => {
    // `seq + 0` orders the same rows the same way but cannot be read from the seq index.
    const seqOrder = needsMatchCount && matched !== undefined && matched <= NARROW_RANGE ? sql`${invoices.seq} + 0` : invoices.seq;
    return pageRows(
      matching({ seq: invoices.seq }, true)
        .orderBy(...(order.keyIsSeq ? [order.descending ? desc(seqOrder) : asc(seqOrder)] : orderClauses(order)))
        .limit(limit)
        .offset(offset),
    );
  };
  return {
    statuses,
    async run(): Promise<{ statusCounts: StatusCount[]; rows: Rows }> {
      if (!needsMatchCount) {
        const [statusCounts, rows] = await Promise.all([counts, page()]);
        return { statusCounts, rows };
      }
      const statusCounts = await counts;
      return { statusCounts, rows: await page(matchingCount(statusCounts, statuses)) };
    },
    async statements(): Promise<Statement[]> {
      const matched = needsMatchCount ? matchingCount(await counts, statuses) : undefined;
      return [
        { name: "counts", ...counts.toSQL() },
        { name: "page", ...page(matched).toSQL() },
      ];
    },
  };
}

/** What an export reads of each invoice and its payment intent: `seq` (the keyset cursor) and the columns its cells need. */
export type InvoiceExportSelection = { invoice: { seq: typeof invoices.seq } & Record<string, PgColumn>; paymentIntent: Record<string, PgColumn> };

/**
 * The export's batches (GET /invoice/intents/export): every invoice the filters admit, in the
 * list's order, `limit` rows after the row with `afterSeq` at a time, read by keyset. Each row
 * holds only the `selection`'s columns: a million rows of whole invoices and payment intents were
 * most of the export's time in reading and decoding columns no cell shows.
 */
export async function invoiceExportBatches<Selection extends InvoiceExportSelection>(
  database: Database,
  orgId: number,
  query: ExportQuery<InvoiceListQuery>,
  selection: Selection,
): Promise<CsvBatches<TableRow<Selection>>> {
  const frequencies = query.search ? await trigramFrequencies(database, INVOICE_SEARCH_STATISTICS) : undefined;
  const filters = sharedFilters(query, frequencies);
  const statuses = selectedStatuses(invoiceStateMachine, query);
  const order = invoiceOrder(query);
  const rows = tableRows(selection);
  return async (afterSeq, limit) => {
    const batch = await rows.read(database, (select) =>
      select
        .from(invoices)
        .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
        .where(
          and(
            eq(invoices.orgId, orgId),
            ...filters,
            statuses ? inArray(invoices.status, statuses) : undefined,
            afterSeq !== undefined ? afterCursor(order, { key: keyOfRow(order, sql`${invoices}`, afterSeq), seq: afterSeq }) : undefined,
          ),
        )
        .orderBy(...orderClauses(order))
        .limit(limit),
    );
    return csvBatch(batch, (row) => (row as { invoice: { seq: number } }).invoice.seq, (row) => row);
  };
}

/** How many invoices the page's filters admit: the counts of the selected statuses. */
function matchingCount(statusCounts: readonly StatusCount[], statuses: readonly string[] | undefined): number {
  return statusCounts.reduce((sum, row) => sum + (!statuses || statuses.includes(row.status) ? row.count : 0), 0);
}

/**
 * Invoices per status under the list's filters. Without filters (the console's tabs, the common
 * case) the trigger-kept counts table answers in ten rows instead of a scan of every invoice.
 */
function statusCountsQuery(database: Database, orgId: number, query: InvoiceListQuery, filters: SQL[]) {
  if (filters.length === 0) {
    return database
      .select({ status: invoiceStatusCounts.status, count: sql<number>`sum(${invoiceStatusCounts.count})::int` })
      .from(invoiceStatusCounts)
      .where(eq(invoiceStatusCounts.orgId, orgId))
      .groupBy(invoiceStatusCounts.status);
  }
  const counted = database.select({ status: invoices.status, count: sql<number>`count(*)::int` }).from(invoices);
  const joined =
    query.settlement_type !== undefined
      ? counted.innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
      : counted;
  return joined.where(and(eq(invoices.orgId, orgId), ...filters)).groupBy(invoices.status);
}

/** Every filter but the organization, status and status_category (which the counts must not see). */
function sharedFilters(query: ExportQuery<InvoiceListQuery>, searchFrequencies: TrigramFrequencies | undefined): SQL[] {
  const filters: SQL[] = [];
  if (query.settlement_type) filters.push(eq(paymentIntents.paymentMethodType, query.settlement_type));
  if (query.recipient_email) filters.push(eq(invoices.recipientEmail, query.recipient_email.toLowerCase()));
  if (query.invoice_id) filters.push(eq(invoices.invoiceNumber, query.invoice_id));
  if (query.payment_intent_id) filters.push(eq(invoices.paymentIntentId, query.payment_intent_id));
  if (query.created_after) filters.push(gte(invoices.createdAt, new Date(query.created_after)));
  if (query.created_before) filters.push(lt(invoices.createdAt, new Date(query.created_before)));
  if (query.search) {
    filters.push(indexedSearch(invoices.searchText, invoiceSearchColumns(invoices), query.search, searchFrequencies));
  }
  return filters;
}

import "server-only";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { PgDialect, type PgColumn } from "drizzle-orm/pg-core";
import { db, type Database } from "@/lib/db/client";
import { tableRows, type TableRow } from "@/lib/db/table-rows";
import { csvBatch, type CsvBatches } from "@/lib/studio/export/csv-export";
import { INVOICE_SEARCH_STATISTICS, invoiceSearchColumns, invoiceStatusCounts, invoices } from "@/lib/studio/db/invoices-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import type { InvoiceListQuery } from "@/lib/studio/invoices/schemas";
import { cutPage, listEnvelope, pageWindow, selectedStatuses, type ExportQuery } from "@/lib/studio/core/paging";
import {
  afterCursor,
  createdRangeConditions,
  createdRangeValues,
  cursorSeq,
  givenValues,
  indexedSearch,
  indexedSearchValues,
  inline,
  keyOfRow,
  listOrder,
  listStatements,
  orderClauses,
  statusCondition,
  statusValues,
  withValues,
  type Bound,
  type ListOrder,
  type ListValues,
} from "@/lib/studio/core/list-sql";
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
 * Each statement is built once per shape (`listStatements`): which filters are given, the sort.
 */
export function invoiceListPlan(
  database: Database,
  orgId: number,
  query: InvoiceListQuery,
  searchFrequencies?: TrigramFrequencies,
  cursor?: number,
) {
  const statuses = selectedStatuses(invoiceStateMachine, query);
  const { limit, offset } = pageWindow(query);
  const filters = filterValues(query, searchFrequencies);
  const sort = query.sort ?? null;

  if (query.search) {
    const values = givenValues({ orgId, ...filters, ...statusValues(statuses), cursor, limit, offset });
    const countsAndPage = searchStatement(database, values, { sort });
    const pageRows = pageRowsStatement(database, { seqs: [] }, { sort });
    const find = async () => {
      const result = (await countsAndPage.execute(values)) as unknown as { rows: Array<{ found: { counts: StatusCount[]; seqs: number[] } }> };
      return result.rows[0]!.found;
    };
    return {
      statuses,
      async run(): Promise<{ statusCounts: StatusCount[]; rows: PageRow[] }> {
        const { counts, seqs } = await find();
        return { statusCounts: counts, rows: seqs.length > 0 ? await readPage(database, pageRows, { seqs }) : [] };
      },
      async statements(): Promise<Statement[]> {
        const { seqs } = await find();
        return [
          { name: "counts and page", ...withValues(countsAndPage.getQuery(), values).toSQL() },
          { name: "page rows", ...withValues(pageRows, { seqs: seqs.length > 0 ? seqs : [0] }).toSQL() },
        ];
      },
    };
  }

  const needsMatchCount = query.created_after !== undefined || query.created_before !== undefined;
  const countValues = givenValues({ orgId, ...filters });
  const counts = () => countsStatement(database, countValues, null).execute(countValues);
  const pageValues = givenValues({ orgId, ...filters, ...statusValues(statuses), cursor, limit, offset });
  const page = (matched?: number) =>
    pageStatement(database, pageValues, { sort, sortsRange: needsMatchCount && matched !== undefined && matched <= NARROW_RANGE });
  return {
    statuses,
    async run(): Promise<{ statusCounts: StatusCount[]; rows: PageRow[] }> {
      if (!needsMatchCount) {
        const [statusCounts, rows] = await Promise.all([counts(), readPage(database, page(), pageValues)]);
        return { statusCounts, rows };
      }
      const statusCounts = await counts();
      return { statusCounts, rows: await readPage(database, page(matchingCount(statusCounts, statuses)), pageValues) };
    },
    async statements(): Promise<Statement[]> {
      const matched = needsMatchCount ? matchingCount(await counts(), statuses) : undefined;
      return [
        { name: "counts", ...withValues(countsStatement(database, countValues, null).getQuery(), countValues).toSQL() },
        { name: "page", ...withValues(page(matched), pageValues).toSQL() },
      ];
    },
  };
}

/**
 * A page's invoices with their payment intents, decoded by `invoiceRows`: drizzle's own mapping
 * asks each of a row's ~70 fields what kind of thing it is, a visible share of a list's CPU.
 */
async function readPage(database: Database, statement: { sql: string; params: unknown[] }, values: ListValues): Promise<PageRow[]> {
  const page = await invoiceRows.read(database, () => withValues(statement, values));
  return Array.from(page.map((row) => row));
}

type ListVariant = { sort: InvoiceListQuery["sort"] | null };

/** The page's invoices (their `seq`s given) with their payment intents, in the list's order. */
const pageRowsStatement = listStatements((database, bound, { sort }: ListVariant) => pageRowsSelect(database, sql`${invoices.seq} = ANY(${bound.value("seqs")})`, sort).toSQL());

function pageRowsSelect(database: Database, seqs: SQL, sort: ListVariant["sort"]) {
  return database
    .select({ invoice: invoices, paymentIntent: paymentIntents })
    .from(invoices)
    .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
    .where(seqs)
    .orderBy(...orderClauses(invoiceOrder({ sort: sort ?? undefined })));
}
type PageRow = TableRow<{ invoice: typeof invoices; paymentIntent: typeof paymentIntents }>;

/** The invoices the filters admit, and `where`, on `invoices` alone (joined to payment intents only to filter by them). */
function matchingSelect(
  database: Database,
  columns: { seq: typeof invoices.seq; status?: typeof invoices.status; sortKey?: SQL.Aliased },
  bound: Bound,
  where: Array<SQL | undefined>,
) {
  const found = database.select(columns).from(invoices);
  const joined = bound.has("settlementType") ? found.innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId)) : found;
  return joined.where(and(eq(invoices.orgId, sql.placeholder("orgId")), ...filterConditions(bound), ...where));
}

/** The rows after the cursor's row (`cursor`, its seq) in `order`; undefined without a cursor. */
function cursorCondition(order: ListOrder, keyOrder: ListOrder, bound: Bound): SQL | undefined {
  if (!bound.has("cursor")) return undefined;
  const cursor = sql.placeholder("cursor");
  return afterCursor(order, { key: keyOfRow(keyOrder, sql`${invoices}`, cursor), seq: cursor });
}

/** A search's counts and its page's `seq`s from one read of its matches. */
const searchStatement = listStatements((database, bound, { sort }: ListVariant) => {
  const order = invoiceOrder({ sort: sort ?? undefined });
  // The CTE's own names: its rows carry the sort key as `sort_key` beside `seq`.
  const matchedOrder: ListOrder = { ...order, key: sql`sort_key`, seq: sql`seq` };
  const pageFilter = and(statusCondition(sql`status`, bound), cursorCondition(matchedOrder, order, bound));
  const matched = matchingSelect(database, { seq: invoices.seq, status: invoices.status, sortKey: sql`${order.key}`.as("sort_key") }, bound, []);
  const countsAndPage = sql`WITH matched AS ${matched}
      SELECT json_build_object(
        'counts', (SELECT coalesce(json_agg(c), '[]'::json) FROM (SELECT status, count(*)::int AS count FROM matched GROUP BY status) c),
        'seqs', (SELECT coalesce(json_agg(seq), '[]'::json)
                 FROM (SELECT seq FROM matched ${pageFilter ? sql`WHERE ${pageFilter}` : sql``} ORDER BY ${sql.join(orderClauses(matchedOrder), sql`, `)} LIMIT ${sql.placeholder("limit")} OFFSET ${sql.placeholder("offset")}) p)
      ) AS found`;
  return database._.session.prepareQuery(dialect.sqlToQuery(countsAndPage), undefined, "", false);
});

/** The page's invoices with their payment intents: the page's `seq`s found on `invoices` alone. */
const pageStatement = listStatements((database, bound, { sort, sortsRange }: ListVariant & { sortsRange: boolean }) => {
  const order = invoiceOrder({ sort: sort ?? undefined });
  // `seq + 0` orders the same rows the same way but cannot be read from the seq index.
  const seqOrder = sortsRange ? sql`${invoices.seq} + 0` : invoices.seq;
  const pageSeqs = matchingSelect(database, { seq: invoices.seq }, bound, [statusCondition(invoices.status, bound), cursorCondition(order, order, bound)])
    .orderBy(...(order.keyIsSeq ? [order.descending ? desc(seqOrder) : asc(seqOrder)] : orderClauses(order)))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
  return pageRowsSelect(database, inArray(invoices.seq, pageSeqs), sort).toSQL();
});

/**
 * Invoices per status under the list's filters. Without filters (the console's tabs, the common
 * case) the trigger-kept counts table answers in ten rows instead of a scan of every invoice.
 */
const countsStatement = listStatements((database, bound, _variant: null) => {
  const filters = filterConditions(bound);
  if (filters.length === 0) {
    return database
      .select({ status: invoiceStatusCounts.status, count: sql<number>`sum(${invoiceStatusCounts.count})::int` })
      .from(invoiceStatusCounts)
      .where(eq(invoiceStatusCounts.orgId, sql.placeholder("orgId")))
      .groupBy(invoiceStatusCounts.status)
      .prepare("");
  }
  const counted = database.select({ status: invoices.status, count: sql<number>`count(*)::int` }).from(invoices);
  const joined = bound.has("settlementType") ? counted.innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId)) : counted;
  return joined
    .where(and(eq(invoices.orgId, sql.placeholder("orgId")), ...filters))
    .groupBy(invoices.status)
    .prepare("");
});

const dialect = new PgDialect();

const invoiceRows = tableRows({ invoice: invoices, paymentIntent: paymentIntents });

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

/** Every filter but the organization, status and status_category (which the counts must not see). */
function sharedFilters(query: ExportQuery<InvoiceListQuery>, searchFrequencies: TrigramFrequencies | undefined): SQL[] {
  return filterConditions(inline(givenValues(filterValues(query, searchFrequencies))));
}

/** The values of `filterConditions`, by placeholder name (undefined: not filtered by). */
function filterValues(query: ExportQuery<InvoiceListQuery>, searchFrequencies: TrigramFrequencies | undefined): ListValues {
  return {
    settlementType: query.settlement_type || undefined,
    recipientEmail: query.recipient_email?.toLowerCase() || undefined,
    invoiceId: query.invoice_id || undefined,
    paymentIntentId: query.payment_intent_id || undefined,
    ...createdRangeValues(query),
    ...(query.search ? indexedSearchValues(query.search, searchFrequencies) : {}),
  };
}

function filterConditions(bound: Bound): SQL[] {
  const filters: SQL[] = [];
  const value = (name: string) => bound.value(name) as string;
  if (bound.has("settlementType")) filters.push(eq(paymentIntents.paymentMethodType, value("settlementType")));
  if (bound.has("recipientEmail")) filters.push(eq(invoices.recipientEmail, value("recipientEmail")));
  if (bound.has("invoiceId")) filters.push(eq(invoices.invoiceNumber, value("invoiceId")));
  if (bound.has("paymentIntentId")) filters.push(eq(invoices.paymentIntentId, value("paymentIntentId")));
  filters.push(...createdRangeConditions(invoices.createdAt, bound));
  if (bound.has("searchText")) filters.push(indexedSearch(invoices.searchText, invoiceSearchColumns(invoices), bound));
  return filters;
}

import "server-only";
import { and, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelectBuilder } from "drizzle-orm/pg-core";
import { db, type Database } from "@/lib/db/client";
import { tableRows, type TableRow } from "@/lib/db/table-rows";
import { csvBatch, type CsvBatches } from "@/lib/studio/export/csv-export";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { payouts } from "@/lib/studio/db/payouts-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { containsPattern, cutPage, listEnvelope, pageWindow, selectedStatuses, type ExportQuery } from "@/lib/studio/core/paging";
import {
  afterCursor,
  anyColumnLike,
  createdRangeConditions,
  createdRangeValues,
  cursorSeq,
  deadlineSortKey,
  givenValues,
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
import { ownerSearchColumns } from "@/lib/studio/workflow/owner";
import type { PayoutListQuery } from "@/lib/studio/payouts/schemas";
import { PAYOUT_STATUS_CATEGORY, payoutStateMachine } from "@/lib/studio/payouts/status";
import { serializePayout } from "@/lib/studio/payouts/serialize";

/** The order a list query names: `sort`'s key, ties (and the default) by creation. */
export function payoutOrder(query: Pick<PayoutListQuery, "sort">): ListOrder {
  return listOrder(
    query.sort,
    { created_at: payouts.seq, amount: payouts.amount, due_date: deadlineSortKey() },
    payouts.seq,
  );
}

const withPaymentIntent = sql`${payouts} INNER JOIN ${paymentIntents} ON ${paymentIntents.id} = ${payouts.paymentIntentId}`;

/** The `seq` of the `starting_after` payout, when the query has one. */
export async function payoutCursor(database: Database, orgId: number, query: Pick<PayoutListQuery, "starting_after">) {
  if (query.starting_after === undefined) return undefined;
  return cursorSeq(database, { table: payouts, id: payouts.id, seq: payouts.seq, org: payouts.orgId, orgId, cursor: query.starting_after });
}

// GET /payout/intents: one page in the list's order (newest first unless `sort`), the total, and
// per-category counts for the tabs.
export async function listPayouts(input: { principal: Principal; query: PayoutListQuery }) {
  const { principal, query } = input;
  const database = await db();
  const cursor = await payoutCursor(database, principal.orgId, query);
  const { statusCounts, rows, statuses } = await payoutPage(database, principal.orgId, query, cursor);
  const { page, next } = cutPage(rows, query, (row) => row.payout.id);
  return listEnvelope({
    data: page.map((row) => serializePayout(row.payout, row.paymentIntent)),
    query,
    next,
    statusCounts,
    category: PAYOUT_STATUS_CATEGORY,
    selected: statuses,
  });
}

/** The counts under the filters and one window of rows (the page plus a look-ahead row) after `cursor`. */
export async function payoutPage(database: Database, orgId: number, query: PayoutListQuery, cursor: number | undefined) {
  const statuses = selectedStatuses(payoutStateMachine, query);
  const { limit, offset } = pageWindow(query);
  const filters = filterValues(query);
  const countValues = givenValues({ orgId, ...filters });
  const pageValues = givenValues({ orgId, ...filters, ...statusValues(statuses), cursor, limit, offset });
  const [statusCounts, rows] = await Promise.all([
    countsStatement(database, countValues, null).execute(countValues),
    payoutTableRows.read(database, () => withValues(pageStatement(database, pageValues, { sort: query.sort ?? null }), pageValues)),
  ]);
  return { statusCounts, rows: Array.from(rows.map((row) => row)), statuses };
}

// Built once per shape (which filters are given, the sort): see `listStatements`.
const countsStatement = listStatements((database, bound, _variant: null) =>
  database
    .select({ status: payouts.status, count: sql<number>`count(*)::int` })
    .from(payouts)
    .innerJoin(paymentIntents, eq(paymentIntents.id, payouts.paymentIntentId))
    .where(and(eq(payouts.orgId, sql.placeholder("orgId")), ...filterConditions(bound)))
    .groupBy(payouts.status)
    .prepare(""),
);

const pageStatement = listStatements((database, bound, { sort }: { sort: PayoutListQuery["sort"] | null }) => {
  const order = payoutOrder({ sort: sort ?? undefined });
  const cursor = sql.placeholder("cursor");
  const after = bound.has("cursor") ? afterCursor(order, { key: keyOfRow(order, withPaymentIntent, cursor), seq: cursor }) : undefined;
  const where = and(eq(payouts.orgId, sql.placeholder("orgId")), ...filterConditions(bound), statusCondition(payouts.status, bound), after);
  return payoutRows(database.select(payoutSelection), where, order, sql.placeholder("limit"), sql.placeholder("offset")).toSQL();
});

/** What an export reads of each payout and its payment intent: `seq` (the keyset cursor) and the columns its cells need. */
export type PayoutExportSelection = { payout: { seq: typeof payouts.seq } & Record<string, PgColumn>; paymentIntent: Record<string, PgColumn> };

/**
 * The export's batches (GET /payout/intents/export): every payout the filters admit, in the
 * list's order, read by keyset, each row holding only the `selection`'s columns (as the invoice export).
 */
export function payoutExportBatches<Selection extends PayoutExportSelection>(
  database: Database,
  orgId: number,
  query: ExportQuery<PayoutListQuery>,
  selection: Selection,
): CsvBatches<TableRow<Selection>> {
  const scope = and(eq(payouts.orgId, orgId), ...sharedFilters(query));
  const statuses = selectedStatuses(payoutStateMachine, query);
  const order = payoutOrder(query);
  const rows = tableRows(selection);
  return async (afterSeq, limit) => {
    const after = afterSeq !== undefined ? afterCursor(order, { key: keyOfRow(order, withPaymentIntent, afterSeq), seq: afterSeq }) : undefined;
    const where = and(scope, statuses ? inArray(payouts.status, statuses) : undefined, after);
    const batch = await rows.read(database, (select) =>
      select
        .from(payouts)
        .innerJoin(paymentIntents, eq(paymentIntents.id, payouts.paymentIntentId))
        .where(where)
        .orderBy(...orderClauses(order))
        .limit(limit),
    );
    return csvBatch(batch, (row) => (row as { payout: { seq: number } }).payout.seq, (row) => row);
  };
}

const payoutSelection = { payout: payouts, paymentIntent: paymentIntents };
// The list page's rows, decoded without drizzle's per-field mapping.
const payoutTableRows = tableRows(payoutSelection);

function payoutRows(
  select: PgSelectBuilder<typeof payoutSelection>,
  where: SQL | undefined,
  order: ListOrder,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return select
    .from(payouts)
    .innerJoin(paymentIntents, eq(paymentIntents.id, payouts.paymentIntentId))
    .where(where)
    .orderBy(...orderClauses(order))
    .limit(limit)
    .offset(offset);
}

/** Every filter but the organization, status and status_category (which the counts must not see). */
function sharedFilters(query: ExportQuery<PayoutListQuery>): SQL[] {
  return filterConditions(inline(givenValues(filterValues(query))));
}

/** The values of `filterConditions`, by placeholder name (undefined: not filtered by). */
function filterValues(query: ExportQuery<PayoutListQuery>): ListValues {
  return {
    settlementType: query.settlement_type || undefined,
    payoutId: query.payout_id || undefined,
    paymentIntentId: query.payment_intent_id || undefined,
    creator: query.creator || undefined,
    ...createdRangeValues(query),
    searchPattern: query.search ? containsPattern(query.search) : undefined,
  };
}

function filterConditions(bound: Bound): SQL[] {
  const filters: SQL[] = [];
  const value = (name: string) => bound.value(name) as string;
  if (bound.has("settlementType")) filters.push(eq(paymentIntents.paymentMethodType, value("settlementType")));
  if (bound.has("payoutId")) filters.push(eq(payouts.payoutNumber, value("payoutId")));
  if (bound.has("paymentIntentId")) filters.push(eq(payouts.paymentIntentId, value("paymentIntentId")));
  if (bound.has("creator")) filters.push(eq(payouts.creator, value("creator")));
  filters.push(...createdRangeConditions(payouts.createdAt, bound));
  if (bound.has("searchPattern")) {
    filters.push(anyColumnLike([payouts.payoutNumber, ...ownerSearchColumns(payouts), paymentIntents.payoutTargetAddress], value("searchPattern")));
  }
  return filters;
}

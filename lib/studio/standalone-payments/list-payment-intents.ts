import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db, type Database } from "@/lib/db/client";
import type { PgColumn } from "drizzle-orm/pg-core";
import { tableRows, type TableRow } from "@/lib/db/table-rows";
import { csvBatch, type CsvBatches } from "@/lib/studio/export/csv-export";
import { chainTransfers, paymentIntents, standalonePaymentIntents } from "@/lib/studio/db/payment-intents-schema";
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
import type { PaymentIntentListQuery } from "@/lib/studio/standalone-payments/schemas";
import { STANDALONE_STATUS_CATEGORY, standaloneStateMachine } from "@/lib/studio/standalone-payments/status";
import { serializeStandalonePayment } from "@/lib/studio/standalone-payments/serialize";

/** The order a list query names: `sort`'s key, ties (and the default) by creation. */
export function paymentIntentOrder(query: Pick<PaymentIntentListQuery, "sort">): ListOrder {
  return listOrder(
    query.sort,
    {
      created_at: standalonePaymentIntents.seq,
      amount: paymentIntents.cryptoAmount,
      due_date: deadlineSortKey(),
    },
    standalonePaymentIntents.seq,
  );
}

const withPaymentIntent = sql`${standalonePaymentIntents} INNER JOIN ${paymentIntents} ON ${paymentIntents.id} = ${standalonePaymentIntents.paymentIntentId}`;

/** The `seq` of the `starting_after` payment intent, when the query has one. */
export async function paymentIntentCursor(database: Database, orgId: number, query: Pick<PaymentIntentListQuery, "starting_after">) {
  if (query.starting_after === undefined) return undefined;
  const table = standalonePaymentIntents;
  return cursorSeq(database, { table, id: table.id, seq: table.seq, org: table.orgId, orgId, cursor: query.starting_after });
}

// GET /payment/intents: one page in the list's order (newest first unless `sort`), the total, and
// per-category counts for the tabs.
export async function listPaymentIntents(input: { principal: Principal; query: PaymentIntentListQuery }) {
  const { principal, query } = input;
  const database = await db();
  const cursor = await paymentIntentCursor(database, principal.orgId, query);
  const statuses = selectedStatuses(standaloneStateMachine, query);
  const { limit, offset } = pageWindow(query);
  const filters = filterValues(query);
  const countValues = givenValues({ orgId: principal.orgId, ...filters });
  const pageValues = givenValues({ orgId: principal.orgId, ...filters, ...statusValues(statuses), cursor, limit, offset });
  const [statusCounts, rows] = await Promise.all([
    countsStatement(database, countValues, null).execute(countValues),
    paymentIntentRows.read(database, () => withValues(pageStatement(database, pageValues, { sort: query.sort ?? null }), pageValues)),
  ]);
  const { page, next } = cutPage(Array.from(rows.map((row) => row)), query, ({ row }) => row.id);
  return listEnvelope({
    data: page.map(({ row, paymentIntent }) => serializeStandalonePayment(row, paymentIntent)),
    query,
    next,
    statusCounts,
    category: STANDALONE_STATUS_CATEGORY,
    selected: statuses,
  });
}

// Built once per shape (which filters are given, the sort): see `listStatements`.
const countsStatement = listStatements((database, bound, _variant: null) => {
  const table = standalonePaymentIntents;
  return database
    .select({ status: table.status, count: sql<number>`count(*)::int` })
    .from(table)
    .innerJoin(paymentIntents, eq(paymentIntents.id, table.paymentIntentId))
    .where(and(eq(table.orgId, sql.placeholder("orgId")), ...filterConditions(bound)))
    .groupBy(table.status)
    .prepare("");
});

const pageStatement = listStatements((database, bound, { sort }: { sort: PaymentIntentListQuery["sort"] | null }) => {
  const table = standalonePaymentIntents;
  const order = paymentIntentOrder({ sort: sort ?? undefined });
  const cursor = sql.placeholder("cursor");
  const after = bound.has("cursor") ? afterCursor(order, { key: keyOfRow(order, withPaymentIntent, cursor), seq: cursor }) : undefined;
  return database
    .select({ row: table, paymentIntent: paymentIntents })
    .from(table)
    .innerJoin(paymentIntents, eq(paymentIntents.id, table.paymentIntentId))
    .where(and(eq(table.orgId, sql.placeholder("orgId")), ...filterConditions(bound), statusCondition(table.status, bound), after))
    .orderBy(...orderClauses(order))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .toSQL();
});

// The list page's rows, decoded without drizzle's per-field mapping.
const paymentIntentRows = tableRows({ row: standalonePaymentIntents, paymentIntent: paymentIntents });

/** What an export reads of each payment intent: the standalone row's `seq` (the keyset cursor) and the columns its cells need. */
export type PaymentIntentExportSelection = { row: { seq: typeof standalonePaymentIntents.seq } & Record<string, PgColumn>; paymentIntent: Record<string, PgColumn> };

/**
 * The export's batches (GET /payment/intents/export): every standalone payment intent the filters
 * admit, in the list's order, read by keyset, each row holding only the `selection`'s columns (as the invoice export).
 */
export function paymentIntentExportBatches<Selection extends PaymentIntentExportSelection>(
  database: Database,
  orgId: number,
  query: ExportQuery<PaymentIntentListQuery>,
  selection: Selection,
): CsvBatches<TableRow<Selection>> {
  const table = standalonePaymentIntents;
  const scope = and(eq(table.orgId, orgId), ...sharedFilters(query));
  const statuses = selectedStatuses(standaloneStateMachine, query);
  const order = paymentIntentOrder(query);
  const rows = tableRows(selection);
  return async (afterSeq, limit) => {
    const after = afterSeq !== undefined ? afterCursor(order, { key: keyOfRow(order, withPaymentIntent, afterSeq), seq: afterSeq }) : undefined;
    const batch = await rows.read(database, (select) =>
      select
        .from(table)
        .innerJoin(paymentIntents, eq(paymentIntents.id, table.paymentIntentId))
        .where(and(scope, statuses ? inArray(table.status, statuses) : undefined, after))
        .orderBy(...orderClauses(order))
        .limit(limit),
    );
    return csvBatch(batch, (row) => (row as { row: { seq: number } }).row.seq, (row) => row);
  };
}

/** Every filter but the organization, status and status_category (which the counts must not see). */
function sharedFilters(query: ExportQuery<PaymentIntentListQuery>): SQL[] {
  return filterConditions(inline(givenValues(filterValues(query))));
}

/** The values of `filterConditions`, by placeholder name (undefined: not filtered by). */
function filterValues(query: ExportQuery<PaymentIntentListQuery>): ListValues {
  return {
    chain: query.chain || undefined,
    token: query.token || undefined,
    groupKey: query.group_key || undefined,
    ...createdRangeValues(query),
    searchPattern: query.search ? containsPattern(query.search) : undefined,
  };
}

function filterConditions(bound: Bound): SQL[] {
  const filters: SQL[] = [];
  const value = (name: string) => bound.value(name) as string;
  if (bound.has("chain")) filters.push(eq(paymentIntents.chainId, value("chain")));
  if (bound.has("token")) filters.push(eq(paymentIntents.tokenSymbol, value("token")));
  if (bound.has("groupKey")) filters.push(eq(paymentIntents.groupKey, value("groupKey")));
  filters.push(...createdRangeConditions(standalonePaymentIntents.createdAt, bound));
  if (bound.has("searchPattern")) {
    const pattern = value("searchPattern");
    filters.push(
      sql`(${anyColumnLike(
        [
          paymentIntents.id,
          paymentIntents.paymentAddress,
          paymentIntents.payerAddress,
          paymentIntents.paymentTxHash,
          paymentIntents.aggregationTxHash,
          paymentIntents.refundTxHash,
          paymentIntents.groupKey,
        ],
        pattern,
      )} OR EXISTS (SELECT 1 FROM ${chainTransfers} WHERE ${chainTransfers.paymentIntentId} = ${paymentIntents.id}
        AND (${chainTransfers.txHash} ILIKE ${pattern} OR ${chainTransfers.payerAddress} ILIKE ${pattern})))`,
    );
  }
  return filters;
}

import "server-only";
import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelectBuilder } from "drizzle-orm/pg-core";
import { db, type Database } from "@/lib/db/client";
import { tableRows, type TableRow } from "@/lib/db/table-rows";
import { csvBatch, type CsvBatches } from "@/lib/studio/export/csv-export";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { payouts } from "@/lib/studio/db/payouts-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { cutPage, listEnvelope, pageWindow, selectedStatuses, type ExportQuery } from "@/lib/studio/core/paging";
import { afterCursor, cursorSeq, deadlineSortKey, keyOfRow, listOrder, orderClauses, searchAny, type ListOrder } from "@/lib/studio/core/list-sql";
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
  const scope = and(eq(payouts.orgId, orgId), ...sharedFilters(query));
  const statuses = selectedStatuses(payoutStateMachine, query);
  const order = payoutOrder(query);
  const { limit, offset } = pageWindow(query);
  const after = cursor !== undefined ? afterCursor(order, { key: keyOfRow(order, withPaymentIntent, cursor), seq: cursor }) : undefined;
  const [statusCounts, rows] = await Promise.all([
    database
      .select({ status: payouts.status, count: sql<number>`count(*)::int` })
      .from(payouts)
      .innerJoin(paymentIntents, eq(paymentIntents.id, payouts.paymentIntentId))
      .where(scope)
      .groupBy(payouts.status),
    payoutRows(database.select(payoutSelection), and(scope, statuses ? inArray(payouts.status, statuses) : undefined, after), order, limit, offset),
  ]);
  return { statusCounts, rows, statuses };
}

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

function payoutRows(select: PgSelectBuilder<typeof payoutSelection>, where: SQL | undefined, order: ListOrder, limit: number, offset: number) {
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
  const filters: SQL[] = [];
  if (query.settlement_type) filters.push(eq(paymentIntents.paymentMethodType, query.settlement_type));
  if (query.payout_id) filters.push(eq(payouts.payoutNumber, query.payout_id));
  if (query.payment_intent_id) filters.push(eq(payouts.paymentIntentId, query.payment_intent_id));
  if (query.creator) filters.push(eq(payouts.creator, query.creator));
  if (query.created_after) filters.push(gte(payouts.createdAt, new Date(query.created_after)));
  if (query.created_before) filters.push(lt(payouts.createdAt, new Date(query.created_before)));
  if (query.search) {
    filters.push(searchAny([payouts.payoutNumber, ...ownerSearchColumns(payouts), paymentIntents.payoutTargetAddress], query.search));
  }
  return filters;
}

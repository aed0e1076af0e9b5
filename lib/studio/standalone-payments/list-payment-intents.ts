import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { chainTransfers, paymentIntents, standalonePaymentIntents } from "@/lib/studio/db/schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { containsPattern, listEnvelope, pageOffset, searchAny, selectedStatuses } from "@/lib/studio/paging";
import type { PaymentIntentListQuery } from "@/lib/studio/standalone-payments/schemas";
import { STANDALONE_STATUS_CATEGORY, standaloneStateMachine } from "@/lib/studio/standalone-payments/status";
import { serializeStandalonePayment } from "@/lib/studio/standalone-payments/serialize";

// GET /payment/intents: one page newest first, the total, and per-category counts for the tabs.
export async function listPaymentIntents(input: { principal: Principal; query: PaymentIntentListQuery }) {
  const { principal, query } = input;
  const database = await db();
  const table = standalonePaymentIntents;
  const scope = and(eq(table.orgId, principal.orgId), ...sharedFilters(query));
  const statuses = selectedStatuses(standaloneStateMachine, query);
  const [statusCounts, rows] = await Promise.all([
    database
      .select({ status: table.status, count: sql<number>`count(*)::int` })
      .from(table)
      .innerJoin(paymentIntents, eq(paymentIntents.id, table.paymentIntentId))
      .where(scope)
      .groupBy(table.status),
    database
      .select({ row: table, paymentIntent: paymentIntents })
      .from(table)
      .innerJoin(paymentIntents, eq(paymentIntents.id, table.paymentIntentId))
      .where(and(scope, statuses ? inArray(table.status, statuses) : undefined))
      .orderBy(desc(table.seq))
      .limit(query.page_size)
      .offset(pageOffset(query)),
  ]);
  return listEnvelope({
    data: rows.map(({ row, paymentIntent }) => serializeStandalonePayment(row, paymentIntent)),
    query,
    statusCounts,
    category: STANDALONE_STATUS_CATEGORY,
    selected: statuses,
  });
}

/** Every filter but the organization, status and status_category (which the counts must not see). */
function sharedFilters(query: PaymentIntentListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.chain) filters.push(eq(paymentIntents.chainId, query.chain));
  if (query.token) filters.push(eq(paymentIntents.tokenSymbol, query.token));
  if (query.group_key) filters.push(eq(paymentIntents.groupKey, query.group_key));
  if (query.created_after) filters.push(gte(standalonePaymentIntents.createdAt, new Date(query.created_after)));
  if (query.created_before) filters.push(lt(standalonePaymentIntents.createdAt, new Date(query.created_before)));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      sql`(${searchAny(
        [
          paymentIntents.id,
          paymentIntents.paymentAddress,
          paymentIntents.payerAddress,
          paymentIntents.paymentTxHash,
          paymentIntents.aggregationTxHash,
          paymentIntents.refundTxHash,
          paymentIntents.groupKey,
        ],
        query.search,
      )} OR EXISTS (SELECT 1 FROM ${chainTransfers} WHERE ${chainTransfers.paymentIntentId} = ${paymentIntents.id}
        AND (${chainTransfers.txHash} ILIKE ${pattern} OR ${chainTransfers.payerAddress} ILIKE ${pattern})))`,
    );
  }
  return filters;
}

import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { paymentIntents, payouts } from "@/lib/studio/db/schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { listEnvelope, pageOffset, searchAny, selectedStatuses } from "@/lib/studio/paging";
import { ownerSearchColumns } from "@/lib/studio/workflow/owner";
import type { PayoutListQuery } from "@/lib/studio/payouts/schemas";
import { PAYOUT_STATUS_CATEGORY, payoutStateMachine } from "@/lib/studio/payouts/status";
import { serializePayout } from "@/lib/studio/payouts/serialize";

// GET /payout/intents: one page newest first, the total, and per-category counts for the tabs.
export async function listPayouts(input: { principal: Principal; query: PayoutListQuery }) {
  const { principal, query } = input;
  const database = await db();
  const scope = and(eq(payouts.orgId, principal.orgId), ...sharedFilters(query));
  const statuses = selectedStatuses(payoutStateMachine, query);
  const [statusCounts, rows] = await Promise.all([
    database
      .select({ status: payouts.status, count: sql<number>`count(*)::int` })
      .from(payouts)
      .innerJoin(paymentIntents, eq(paymentIntents.id, payouts.paymentIntentId))
      .where(scope)
      .groupBy(payouts.status),
    database
      .select({ payout: payouts, paymentIntent: paymentIntents })
      .from(payouts)
      .innerJoin(paymentIntents, eq(paymentIntents.id, payouts.paymentIntentId))
      .where(and(scope, statuses ? inArray(payouts.status, statuses) : undefined))
      .orderBy(desc(payouts.seq))
      .limit(query.page_size)
      .offset(pageOffset(query)),
  ]);
  return listEnvelope({
    data: rows.map((row) => serializePayout(row.payout, row.paymentIntent)),
    query,
    statusCounts,
    category: PAYOUT_STATUS_CATEGORY,
    selected: statuses,
  });
}

/** Every filter but the organization, status and status_category (which the counts must not see). */
function sharedFilters(query: PayoutListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.settlement_type) filters.push(eq(paymentIntents.paymentMethodType, query.settlement_type));
  if (query.payout_id) filters.push(eq(payouts.payoutNumber, query.payout_id));
  if (query.payment_intent_id) filters.push(eq(payouts.paymentIntentId, query.payment_intent_id));
  if (query.creator) filters.push(eq(payouts.creator, query.creator));
  if (query.search) {
    filters.push(searchAny([payouts.payoutNumber, ...ownerSearchColumns(payouts), paymentIntents.payoutTargetAddress], query.search));
  }
  return filters;
}

import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { db, type Database } from "@/lib/db/client";
import { invoiceSearchText, invoiceStatusCounts, invoices, paymentIntents } from "@/lib/studio/db/schema";
import type { Principal } from "@/lib/studio/auth/principal";
import type { InvoiceListQuery } from "@/lib/studio/invoices/schemas";
import { indexedSearch, listEnvelope, pageOffset, selectedStatuses } from "@/lib/studio/paging";
import { ownerSearchColumns } from "@/lib/studio/workflow/owner";
import { invoiceStateMachine, STATUS_CATEGORY } from "@/lib/studio/invoices/status";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// GET /invoice/intents: one page newest first, the total, and per-category counts for the tabs.
export async function listInvoices(input: { principal: Principal; query: InvoiceListQuery }) {
  const { principal, query } = input;
  const { counts, page, statuses, needsMatchCount } = invoiceListQueries(await db(), principal.orgId, query);
  let statusCounts: Array<{ status: string; count: number }>;
  let rows: Awaited<ReturnType<typeof page>>;
  if (needsMatchCount) {
    statusCounts = await counts;
    rows = await page(matchingCount(statusCounts, statuses));
  } else {
    [statusCounts, rows] = await Promise.all([counts, page()]);
  }

  return listEnvelope({
    data: rows.map((row) => serializeInvoice(row.invoice, row.paymentIntent)),
    query,
    statusCounts,
    category: STATUS_CATEGORY,
    selected: statuses,
  });
}

// Below this many matching invoices, a date-range page sorts the range's rows (found through the
// created_at index) rather than walking every newer invoice newest-first until the range begins.
const NARROW_RANGE = 20_000;

/**
 * The list's two queries, unrun: the service runs them, the bench EXPLAINs them. The page is found
 * on `invoices` alone, then only its rows are joined to their payment intents, so a deep page does
 * not fetch a payment intent for every row it skips. A date range's page wants the number of rows
 * it matches (`needsMatchCount`, from the counts): the planner cannot know that `seq` follows
 * `created_at`, and picks the newest-first walk even for a narrow range a year back.
 */
export function invoiceListQueries(database: Database, orgId: number, query: InvoiceListQuery) {
  const filters = sharedFilters(query);
  const statuses = selectedStatuses(invoiceStateMachine, query);
  const offset = pageOffset(query);
  const needsMatchCount = query.created_after !== undefined || query.created_before !== undefined;
  const page = (matching?: number) => {
    // `seq + 0` orders the same rows the same way but cannot be read from the seq index.
    const order = needsMatchCount && matching !== undefined && matching <= NARROW_RANGE ? sql`${invoices.seq} + 0` : invoices.seq;
    const found = database.select({ seq: invoices.seq }).from(invoices);
    const pageSeqs = (query.settlement_type !== undefined ? found.innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId)) : found)
      .where(and(eq(invoices.orgId, orgId), ...filters, statuses ? inArray(invoices.status, statuses) : undefined))
      .orderBy(desc(order))
      .limit(query.page_size)
      .offset(offset);
    return database
      .select({ invoice: invoices, paymentIntent: paymentIntents })
      .from(invoices)
      .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
      .where(inArray(invoices.seq, pageSeqs))
      .orderBy(desc(invoices.seq));
  };
  return { counts: statusCountsQuery(database, orgId, query, filters), page, statuses, needsMatchCount };
}

/** How many invoices the page's filters admit: the counts of the selected statuses. */
export function matchingCount(statusCounts: readonly { status: string; count: number }[], statuses: readonly string[] | undefined): number {
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
function sharedFilters(query: InvoiceListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.settlement_type) filters.push(eq(paymentIntents.paymentMethodType, query.settlement_type));
  if (query.recipient_email) filters.push(eq(invoices.recipientEmail, query.recipient_email.toLowerCase()));
  if (query.invoice_id) filters.push(eq(invoices.invoiceNumber, query.invoice_id));
  if (query.payment_intent_id) filters.push(eq(invoices.paymentIntentId, query.payment_intent_id));
  if (query.created_after) filters.push(gte(invoices.createdAt, new Date(query.created_after)));
  if (query.created_before) filters.push(lt(invoices.createdAt, new Date(query.created_before)));
  if (query.search) {
    filters.push(indexedSearch(invoiceSearchText(invoices), [invoices.invoiceNumber, ...ownerSearchColumns(invoices)], query.search));
  }
  return filters;
}

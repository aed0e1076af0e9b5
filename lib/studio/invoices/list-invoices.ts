import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { db, type Database } from "@/lib/db/client";
import { invoiceStatusCounts, invoices, paymentIntents } from "@/lib/studio/db/schema";
import type { Principal } from "@/lib/studio/auth/principal";
import type { InvoiceListQuery } from "@/lib/studio/invoices/schemas";
import { listEnvelope, pageOffset, searchAny, selectedStatuses } from "@/lib/studio/paging";
import { ownerSearchColumns } from "@/lib/studio/workflow/owner";
import { invoiceStateMachine, STATUS_CATEGORY } from "@/lib/studio/invoices/status";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// GET /invoice/intents: one page newest first, the total, and per-category counts for the tabs.
export async function listInvoices(input: { principal: Principal; query: InvoiceListQuery }) {
  const { principal, query } = input;
  const database = await db();
  const filters = sharedFilters(query);
  const statuses = selectedStatuses(invoiceStateMachine, query);
  const countsQuery = statusCountsQuery(database, principal.orgId, query, filters);
  const pageQuery = database
    .select({ invoice: invoices, paymentIntent: paymentIntents })
    .from(invoices)
    .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
    .where(and(eq(invoices.orgId, principal.orgId), ...filters, statuses ? inArray(invoices.status, statuses) : undefined))
    .orderBy(desc(invoices.seq))
    .limit(query.page_size)
    .offset(pageOffset(query));

  const [statusCounts, rows] = await Promise.all([countsQuery, pageQuery]);

  return listEnvelope({
    data: rows.map((row) => serializeInvoice(row.invoice, row.paymentIntent)),
    query,
    statusCounts,
    category: STATUS_CATEGORY,
    selected: statuses,
  });
}

/**
 * Invoices per status under the list's filters. Without filters (the console's tabs, the common
 * case) the trigger-kept counts table answers in ten rows instead of a scan of every invoice.
 */
function statusCountsQuery(database: Database, orgId: number, query: InvoiceListQuery, filters: SQL[]) {
  if (filters.length === 0) {
    return database
      .select({ status: invoiceStatusCounts.status, count: invoiceStatusCounts.count })
      .from(invoiceStatusCounts)
      .where(eq(invoiceStatusCounts.orgId, orgId));
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
  if (query.search) filters.push(searchAny([invoices.invoiceNumber, ...ownerSearchColumns(invoices)], query.search));
  return filters;
}

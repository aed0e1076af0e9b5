import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { db, type Database } from "@/lib/db/client";
import { invoiceStatusCounts, invoices, paymentIntents } from "@/lib/studio/db/schema";
import type { Principal } from "@/lib/studio/auth/principal";
import type { InvoiceListQuery } from "@/lib/studio/invoices/schemas";
import {
  INVOICE_STATUSES,
  STATUS_CATEGORIES,
  STATUS_CATEGORY,
  statusesIn,
  type InvoiceStatus,
  type StatusCategory,
} from "@/lib/studio/invoices/status";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// GET /invoice/intents: one page newest first, the total, and per-category counts for the tabs.
export async function listInvoices(input: { principal: Principal; query: InvoiceListQuery }) {
  const { principal, query } = input;
  const database = await db();
  const filters = sharedFilters(query);
  const statuses = selectedStatuses(query);
  const countsQuery = statusCountsQuery(database, principal.orgId, query, filters);
  const pageQuery = database
    .select({ invoice: invoices, paymentIntent: paymentIntents })
    .from(invoices)
    .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
    .where(and(eq(invoices.orgId, principal.orgId), ...filters, statuses ? inArray(invoices.status, statuses) : undefined))
    .orderBy(desc(invoices.seq))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);

  const [statusCounts, rows] = await Promise.all([countsQuery, pageQuery]);

  const counts = Object.fromEntries(STATUS_CATEGORIES.map((category) => [category, 0])) as Record<StatusCategory, number>;
  let totalCount = 0;
  for (const { status, count } of statusCounts) {
    const category = STATUS_CATEGORY[status as InvoiceStatus];
    if (category) counts[category] += count;
    if (!statuses || statuses.includes(status as InvoiceStatus)) totalCount += count;
  }

  return {
    data: rows.map((row) => serializeInvoice(row.invoice, row.paymentIntent)),
    paging: { page_number: query.page, page_size: query.page_size, total_count: totalCount },
    counts,
  };
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

/** The statuses a `status` and/or `status_category` filter admit; undefined means all. */
function selectedStatuses(query: InvoiceListQuery): InvoiceStatus[] | undefined {
  if (!query.status && !query.status_category) return undefined;
  const inCategory = query.status_category ? statusesIn(query.status_category) : [...INVOICE_STATUSES];
  return query.status ? inCategory.filter((status) => status === query.status) : inCategory;
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
    const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    filters.push(
      or(
        ilike(invoices.invoiceNumber, pattern),
        ilike(invoices.id, pattern),
        ilike(invoices.paymentIntentId, pattern),
        ilike(invoices.recipientName, pattern),
        ilike(invoices.recipientEmail, pattern),
        ilike(invoices.organizationName, pattern),
        ilike(invoices.organizationEmail, pattern),
      ) as SQL,
    );
  }
  return filters;
}

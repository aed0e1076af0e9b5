import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { invoices, paymentIntents } from "@/lib/studio/db/schema";
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
  const filters = sharedFilters(principal.orgId, query);
  const statuses = selectedStatuses(query);
  const needsPaymentJoin = query.settlement_type !== undefined;

  const countsQuery = needsPaymentJoin
    ? database
        .select({ status: invoices.status, count: sql<number>`count(*)::int` })
        .from(invoices)
        .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
        .where(and(...filters))
        .groupBy(invoices.status)
    : database
        .select({ status: invoices.status, count: sql<number>`count(*)::int` })
        .from(invoices)
        .where(and(...filters))
        .groupBy(invoices.status);

  const pageQuery = database
    .select({ invoice: invoices, paymentIntent: paymentIntents })
    .from(invoices)
    .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
    .where(and(...filters, statuses ? inArray(invoices.status, statuses) : undefined))
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

/** The statuses a `status` and/or `status_category` filter admit; undefined means all. */
function selectedStatuses(query: InvoiceListQuery): InvoiceStatus[] | undefined {
  if (!query.status && !query.status_category) return undefined;
  const inCategory = query.status_category ? statusesIn(query.status_category) : [...INVOICE_STATUSES];
  return query.status ? inCategory.filter((status) => status === query.status) : inCategory;
}

/** Every filter except status and status_category, which the counts must not see. */
function sharedFilters(orgId: number, query: InvoiceListQuery): SQL[] {
  const filters: SQL[] = [eq(invoices.orgId, orgId)];
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

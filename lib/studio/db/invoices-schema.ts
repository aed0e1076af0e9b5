import "server-only";
// Invoices, their free-text search and their per-status counts.
import { sql, type SQL } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt } from "@/lib/studio/db/columns";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { workflowOwnerColumns } from "@/lib/studio/db/workflow-schema";

export type DetailItemRecord = { name: string; quantity: number; unit_price: number; tax?: number };

export const invoices = pgTable(
  "invoices",
  {
    ...workflowOwnerColumns(),
    invoiceNumber: text("invoice_number").notNull(),
    detailItems: jsonb("detail_items").$type<DetailItemRecord[]>().notNull(),
    paymentTerms: integer("payment_terms").notNull(),
    invoiceIssueDate: timestamp("invoice_issue_date", { withTimezone: true }).notNull(),
    // The issue date plus the payment terms in days (UTC), kept by a trigger (migration 0021): what
    // the list sorts by and the receivables aging reads, from an index instead of per-row arithmetic.
    dueAt: timestamp("due_at", { withTimezone: true }),
    allowAnyChain: boolean("allow_any_chain").notNull().default(false),
    allowAnyToken: boolean("allow_any_token").notNull().default(false),
    useFixedStablecoinRate: boolean("use_fixed_stablecoin_rate").notNull().default(false),
    // Off for merchants who remind their payers themselves: no reminder e-mails (the invoice e-mail still goes).
    emailReminders: boolean("email_reminders").notNull().default(true),
    // What the free-text search reads (see `indexedSearch`): the searched columns joined by spaces
    // and lowercased, kept by the database. Stored, so the trigram index's recheck of each
    // candidate is a plain LIKE on it instead of joining and lowercasing seven columns each time.
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${sql.join(invoiceSearchColumns(invoices).map((column) => sql`${column}`), sql` || ' ' || `)})`),
  },
  (t) => [
    uniqueIndex("invoices_seq_idx").on(t.seq),
    uniqueIndex("invoices_org_number_idx").on(t.orgId, t.invoiceNumber),
    uniqueIndex("invoices_payment_intent_idx").on(t.paymentIntentId),
    // Newest first with the status at hand: a status tab's deep page is an index-only scan.
    index("invoices_org_seq_status_idx").on(t.orgId, t.seq, t.status),
    index("invoices_org_status_seq_idx").on(t.orgId, t.status, t.seq),
    index("invoices_org_recipient_email_idx").on(t.orgId, t.recipientEmail),
    // The date-range filter and its per-status counts (an index-only scan with status in the key).
    index("invoices_org_created_status_idx").on(t.orgId, t.createdAt, t.status),
    // The free-text search can use trigrams (pg_trgm) instead of reading every invoice.
    index("invoices_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // The `sort` extension: amount and due date orders, ties by creation, walked by keyset.
    index("invoices_org_amount_seq_idx").on(t.orgId, t.amount, t.seq),
    index("invoices_org_due_seq_idx").on(t.orgId, t.dueAt, t.seq),
  ],
);

/** The statistics object (migrations 0015, 0016) on the trigrams of `search_text`. */
export const INVOICE_SEARCH_STATISTICS = "invoices_search_trigrams";

/**
 * The columns the invoice search looks in: `search_text` is them joined by spaces and lowercased,
 * and a search that could span two of them there is checked on each of them (`indexedSearch`).
 */
export function invoiceSearchColumns(t: {
  invoiceNumber: AnyPgColumn;
  id: AnyPgColumn;
  paymentIntentId: AnyPgColumn;
  recipientName: AnyPgColumn;
  recipientEmail: AnyPgColumn;
  organizationName: AnyPgColumn;
  organizationEmail: AnyPgColumn;
}): AnyPgColumn[] {
  return [t.invoiceNumber, t.id, t.paymentIntentId, t.recipientName, t.recipientEmail, t.organizationName, t.organizationEmail];
}

// Invoices per organization and status, kept exact by statement-level triggers on `invoices`:
// the unfiltered list reads its tab counts here (the sum over slots) instead of counting every
// invoice. Each status has up to 16 slots, one per backend (pg_backend_pid() % 16), so concurrent
// creates and transitions in one organization lock different rows; a slot alone may go negative.
export const invoiceStatusCounts = pgTable(
  "invoice_status_counts",
  {
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    status: text("status").notNull(),
    slot: integer("slot").notNull().default(0),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status, t.slot] })],
);

import "server-only";
// The invoice e-mail outbox and its attempts at the SMTP server.
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "@/lib/studio/db/columns";
import { invoices } from "@/lib/studio/db/invoices-schema";
import { organizations } from "@/lib/studio/db/orgs-schema";

/**
 * The e-mail outbox (issue 26): one row per e-mail an invoice's recipient is due, written in the
 * transaction that made it due (the approval; a sweep for reminders). One per invoice and kind,
 * so no sweep or approval can queue the same e-mail twice; a re-send is a new round on the same row.
 */
export const invoiceEmails = pgTable(
  "invoice_emails",
  {
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    status: text("status").notNull().default("pending"),
    // Attempts of the current schedule round (a re-send starts a new round); the log keeps all.
    scheduledAttempts: integer("scheduled_attempts").notNull().default(0),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseToken: text("lease_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoice_emails_invoice_kind_idx").on(t.invoiceId, t.kind),
    index("invoice_emails_due_idx").on(t.nextAttemptAt, t.seq).where(sql`${t.status} = 'pending'`),
  ],
);

/** Every attempt to hand an invoice e-mail to the SMTP server, with what the server answered. */
export const invoiceEmailAttempts = pgTable(
  "invoice_email_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    emailId: text("email_id")
      .notNull()
      .references(() => invoiceEmails.id),
    attemptNumber: integer("attempt_number").notNull(),
    manual: boolean("manual").notNull().default(false),
    recipient: text("recipient").notNull(),
    outcome: text("outcome").notNull(),
    smtpCode: integer("smtp_code"),
    smtpResponse: text("smtp_response"),
    error: text("error"),
    latencyMs: integer("latency_ms").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("invoice_email_attempts_email_attempt_idx").on(t.emailId, t.attemptNumber)],
);

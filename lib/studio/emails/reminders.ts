import "server-only";
// Reminder e-mails (issue 26), queued by the sweeper. An invoice's due date is its issue date plus
// its payment terms (`due_at`, what the list sorts by). While it is still owed (approved, or
// underpaid) and its payment window is open:
// - `reminder_due_soon` goes once INVOICE_REMINDER_DAYS_BEFORE days or less remain, if it was
//   approved before that window began (a payer who just got the invoice needs no reminder of it);
// - `reminder_overdue` goes during the day after the due date passed (a server that was down
//   longer sends none rather than a stale one). When the payment deadline is the due date (the
//   default), the invoice expires then instead and no overdue reminder goes: nothing could be paid.
// Never twice: the outbox holds one row per invoice and kind. Off per invoice with email_reminders.
import { and, eq, gt, inArray, lt, lte, notExists, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { invoiceEmails } from "@/lib/studio/db/emails-schema";
import { invoices } from "@/lib/studio/db/invoices-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { unitOfWork } from "@/lib/studio/core/unit-of-work";
import { queueInvoiceEmails } from "@/lib/studio/emails/outbox";
import { emailConfigured, type InvoiceEmailKind } from "@/lib/studio/emails/settings";

const DAY_MS = 86_400_000;
const BATCH = 200;
/** Invoices that are still owed: the statuses whose payer can still pay the rest. */
const OWED = ["approved", "underpaid"];

async function queueKind(tx: Tx, kind: InvoiceEmailKind, now: Date, window: ReturnType<typeof and>): Promise<number> {
  const due = await tx
    .select({ orgId: invoices.orgId, invoiceId: invoices.id, recipient: invoices.recipientEmail })
    .from(invoices)
    .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
    .where(
      and(
        eq(invoices.emailReminders, true),
        inArray(invoices.status, OWED),
        gt(paymentIntents.paymentDeadline, Math.floor(now.getTime() / 1000)),
        window,
        notExists(
          tx.select({ one: sql`1` }).from(invoiceEmails).where(and(eq(invoiceEmails.invoiceId, invoices.id), eq(invoiceEmails.kind, kind))),
        ),
      ),
    )
    .limit(BATCH);
  return queueInvoiceEmails(tx, due.map((row) => ({ ...row, kind })), now);
}

/** Queues the reminders due at `now`; returns how many it queued. Several sweepers never queue one twice. */
export async function queueDueReminders(now: Date = new Date()): Promise<number> {
  if (!emailConfigured()) return 0;
  const daysBefore = env.INVOICE_REMINDER_DAYS_BEFORE;
  return unitOfWork(async (tx) => {
    let queued = 0;
    if (daysBefore > 0) {
      const windowOpens = new Date(now.getTime() + daysBefore * DAY_MS);
      queued += await queueKind(
        tx,
        "reminder_due_soon",
        now,
        and(gt(invoices.dueAt, now), lte(invoices.dueAt, windowOpens), lt(invoices.approveTime, sql`${invoices.dueAt} - make_interval(days => ${daysBefore}::int)`)),
      );
    }
    queued += await queueKind(tx, "reminder_overdue", now, and(lte(invoices.dueAt, now), gt(invoices.dueAt, new Date(now.getTime() - DAY_MS))));
    return queued;
  });
}

let lastRound = 0;

/** The sweeper's call: reminders are a matter of days, so one look a minute is plenty. */
export async function queueDueRemindersEveryMinute(now: Date = new Date()): Promise<number> {
  if (now.getTime() - lastRound < 60_000) return 0;
  lastRound = now.getTime();
  return queueDueReminders(now);
}

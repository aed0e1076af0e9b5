import "server-only";
// GET /invoice/intent/{id}/emails and POST /invoice/intent/{id}/emails/{email_id}/resend
// (extensions, issue 26): the e-mails an invoice's recipient was sent, each with every attempt and
// what the SMTP server answered, and a re-send as a new round of attempts on the same e-mail.
// Scoped to the caller's organization: another organization's invoice is an unknown one.
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { db, type DbOrTx } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { invoiceEmailAttempts, invoiceEmails } from "@/lib/studio/db/emails-schema";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { notFound, StudioError } from "@/lib/studio/core/errors";
import { dateTimeText } from "@/lib/studio/core/records";
import { afterCommitIfOpen, inTransaction } from "@/lib/studio/core/unit-of-work";
import { getIntentOrThrow } from "@/lib/studio/workflow/owner";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { emailConfigured, emailSender, INVOICE_EMAIL_KINDS } from "@/lib/studio/emails/settings";
import { nudgeEmailDrainer } from "@/lib/studio/emails/wake";

export const invoiceEmailRecordSchema = z.object({
  id: z.string().meta({ example: "eml_5c0f2b9e7a1d43e8a6b1c2d3" }),
  kind: z.enum(INVOICE_EMAIL_KINDS).meta({
    description: "`invoice`: sent when the invoice was approved; `reminder_due_soon`: INVOICE_REMINDER_DAYS_BEFORE days before its due date; `reminder_overdue`: the day its due date passed",
  }),
  recipient: z.string().meta({ example: "ada@client.example" }),
  status: z.enum(["pending", "sent", "failed"]).meta({
    description: "`pending`: queued or waiting for a retry (`next_attempt_at`); `sent`: the SMTP server accepted it; `failed`: refused (5xx) or every retry used",
  }),
  next_attempt_at: dateTimeText.nullable().meta({ description: "When a pending e-mail is tried next" }),
  sent_at: dateTimeText.nullable(),
  created_at: dateTimeText,
  attempts: z.array(
    z.object({
      attempt: z.number().int().meta({ example: 1 }),
      manual: z.boolean().meta({ description: "The first attempt of a re-send (POST …/emails/{email_id}/resend)" }),
      outcome: z.enum(["sent", "deferred", "failed"]).meta({ description: "`deferred`: not accepted this time, tried again later" }),
      smtp_code: z.number().int().nullable().meta({ example: 250, description: "The SMTP server's reply code; null when no server answered" }),
      smtp_response: z.string().nullable().meta({ example: "250 OK: message queued" }),
      error: z.string().nullable(),
      latency_ms: z.number().int(),
      created_at: dateTimeText,
    }),
  ),
});
export type InvoiceEmailRecord = z.infer<typeof invoiceEmailRecordSchema>;

export const invoiceEmailsSchema = z.object({
  configured: z.boolean().meta({ description: "Whether this server sends e-mail (SMTP_URL is set). When false no e-mail is queued or sent, and `emails` lists only those queued while it was" }),
  sender: z.string().nullable().meta({ description: "The From address (SMTP_FROM), when configured", example: "billing@merchant.example" }),
  emails: z.array(invoiceEmailRecordSchema).meta({ description: "Oldest first" }),
});
export type InvoiceEmailsRecord = z.infer<typeof invoiceEmailsSchema>;

type EmailRow = typeof invoiceEmails.$inferSelect;
type AttemptRow = typeof invoiceEmailAttempts.$inferSelect;

async function attemptsOf(database: DbOrTx, emailIds: string[]): Promise<Map<string, AttemptRow[]>> {
  const byEmail = new Map<string, AttemptRow[]>();
  if (emailIds.length === 0) return byEmail;
  const rows = await database
    .select()
    .from(invoiceEmailAttempts)
    .where(inArray(invoiceEmailAttempts.emailId, emailIds))
    .orderBy(asc(invoiceEmailAttempts.attemptNumber));
  for (const row of rows) byEmail.set(row.emailId, [...(byEmail.get(row.emailId) ?? []), row]);
  return byEmail;
}

function serializeEmail(row: EmailRow, attempts: AttemptRow[]): InvoiceEmailRecord {
  return {
    id: row.id,
    kind: row.kind as InvoiceEmailRecord["kind"],
    recipient: row.recipient,
    status: row.status as InvoiceEmailRecord["status"],
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attemptNumber,
      manual: attempt.manual,
      outcome: attempt.outcome as InvoiceEmailRecord["attempts"][number]["outcome"],
      smtp_code: attempt.smtpCode,
      smtp_response: attempt.smtpResponse,
      error: attempt.error,
      latency_ms: attempt.latencyMs,
      created_at: attempt.startedAt.toISOString(),
    })),
  };
}

export async function listInvoiceEmails(input: { principal: Principal; id: string }): Promise<InvoiceEmailsRecord> {
  const database = await db();
  const { row: invoice } = await getIntentOrThrow(database, invoiceOwner, input.principal.orgId, input.id);
  const rows = await database
    .select()
    .from(invoiceEmails)
    .where(and(eq(invoiceEmails.orgId, invoice.orgId), eq(invoiceEmails.invoiceId, invoice.id)))
    .orderBy(asc(invoiceEmails.seq));
  const attempts = await attemptsOf(database, rows.map((row) => row.id));
  return {
    configured: emailConfigured(),
    sender: emailConfigured() ? emailSender() : null,
    emails: rows.map((row) => serializeEmail(row, attempts.get(row.id) ?? [])),
  };
}

/**
 * Queues the e-mail again as a new round of the retry schedule (the drainer sends it at once and
 * logs the attempt as manual). Refused while one of its attempts is in flight, which would
 * otherwise finish the new round as the old one.
 */
export async function resendInvoiceEmail(input: { principal: Principal; id: string; emailId: string; now?: Date }): Promise<InvoiceEmailRecord> {
  const now = input.now ?? new Date();
  return inTransaction(async (tx) => {
    const { row: invoice } = await getIntentOrThrow(tx, invoiceOwner, input.principal.orgId, input.id);
    if (!emailConfigured()) {
      throw new StudioError("business_rule", "E-mail is off on this server (no SMTP_URL is set): nothing can be sent");
    }
    const [current] = await tx
      .select()
      .from(invoiceEmails)
      .where(and(eq(invoiceEmails.id, input.emailId), eq(invoiceEmails.invoiceId, invoice.id), eq(invoiceEmails.orgId, invoice.orgId)))
      .for("update");
    if (!current) throw notFound(`E-mail ${input.emailId} of invoice ${input.id}`);
    if (current.leaseUntil && current.leaseUntil > now) {
      throw new StudioError("invalid_state", "This e-mail is being sent right now; read it again once the attempt is recorded");
    }
    const [row] = await tx
      .update(invoiceEmails)
      .set({ status: "pending", scheduledAttempts: 0, nextAttemptAt: now, leaseToken: null, leaseUntil: null })
      .where(eq(invoiceEmails.id, current.id))
      .returning();
    await recordAudit(tx, {
      orgId: invoice.orgId,
      actorUid: input.principal.uid,
      action: "invoice_email.resent",
      objectType: "invoice",
      objectId: invoice.id,
      details: { email_id: current.id, kind: current.kind, recipient: current.recipient, previous_status: current.status },
      now,
    });
    afterCommitIfOpen(async () => nudgeEmailDrainer());
    return serializeEmail(row!, (await attemptsOf(tx, [current.id])).get(current.id) ?? []);
  });
}


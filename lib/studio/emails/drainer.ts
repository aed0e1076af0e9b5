import "server-only";
// Drains the e-mail outbox as the webhook dispatcher drains its own: claims due e-mails under a
// lease (FOR UPDATE SKIP LOCKED, so several drainers never claim one attempt twice), hands each to
// the SMTP server, and records every attempt with what the server said.
// At least once: a drainer that dies between the SMTP server's acceptance and the record leaves
// its lease to run out, and that one e-mail is sent again (the only duplicate there can be).
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { invoiceEmailAttempts, invoiceEmails } from "@/lib/studio/db/emails-schema";
import { unitOfWork } from "@/lib/studio/core/unit-of-work";
import { composeInvoiceEmail } from "@/lib/studio/emails/compose";
import { emailConfigured, type InvoiceEmailKind } from "@/lib/studio/emails/settings";
import { sendEmail, type SmtpOutcome } from "@/lib/studio/emails/mailer";
import { onEmailNudge } from "@/lib/studio/emails/wake";
import { logError } from "@/lib/observability/log";
import { metrics } from "@/lib/observability/metrics";

const BATCH = 20;
// Longer than any attempt can take, so a lease runs out only when its drainer is gone.
const leaseMs = () => env.EMAIL_TIMEOUT_MS * 2 + 30_000;

type Claimed = {
  id: string;
  orgId: number;
  invoiceId: string;
  kind: InvoiceEmailKind;
  recipient: string;
  attemptNumber: number;
  roundAttempt: number;
  leaseToken: string;
};

/** Claims up to `limit` due e-mails, oldest due first. */
export async function claimDueEmails(limit = BATCH, now = new Date()): Promise<Claimed[]> {
  const database = await db();
  const leaseToken = randomBytes(12).toString("hex");
  const nowIso = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs()).toISOString();
  // The due conditions sit on the very scan that locks the rows (no CTE of candidates in between):
  // PostgreSQL checks them again on a row's newest version when another drainer's claim committed
  // while this one waited, so that row is skipped rather than claimed again (see 05bf94d).
  const result = await database.execute(sql`
    WITH due AS (
      SELECT id FROM invoice_emails
      WHERE status = 'pending' AND next_attempt_at <= ${nowIso}::timestamptz
        AND (lease_until IS NULL OR lease_until < ${nowIso}::timestamptz)
      ORDER BY next_attempt_at, seq
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE invoice_emails m
    SET lease_token = ${leaseToken}, lease_until = ${leaseUntil}::timestamptz,
        attempt_count = m.attempt_count + 1, scheduled_attempts = m.scheduled_attempts + 1
    FROM due WHERE m.id = due.id
    RETURNING m.id, m.org_id, m.invoice_id, m.kind, m.recipient, m.attempt_count, m.scheduled_attempts`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    id: row.id as string,
    orgId: Number(row.org_id),
    invoiceId: row.invoice_id as string,
    kind: row.kind as InvoiceEmailKind,
    recipient: row.recipient as string,
    attemptNumber: Number(row.attempt_count),
    roundAttempt: Number(row.scheduled_attempts),
    leaseToken,
  }));
}

/** When to try again after the `attemptsMade`-th attempt of a round was deferred, or null when the round is over. */
export function nextEmailRetryAt(attemptsMade: number, failedAt: Date, schedule: readonly number[] = env.EMAIL_RETRY_SCHEDULE): Date | null {
  const delaySeconds = schedule[attemptsMade - 1];
  return delaySeconds === undefined ? null : new Date(failedAt.getTime() + delaySeconds * 1000);
}

async function attempt(email: Claimed): Promise<SmtpOutcome> {
  const startedAt = new Date();
  try {
    const composed = await composeInvoiceEmail(await db(), email);
    return await sendEmail({ to: email.recipient, emailId: email.id, ...composed });
  } catch (error) {
    // Composing failed (the database, the PDF): ours to retry, not the SMTP server's answer.
    return { outcome: "deferred", smtpCode: null, smtpResponse: null, error: `not sent: ${(error as Error).message}`, latencyMs: 0, startedAt };
  }
}

/** Logs one attempt and moves its e-mail on, if this drainer still holds its lease. */
async function recordAttempt(email: Claimed, result: SmtpOutcome): Promise<void> {
  const finishedAt = new Date();
  const retryAt = result.outcome === "deferred" ? nextEmailRetryAt(email.roundAttempt, finishedAt) : null;
  const status = result.outcome === "sent" ? "sent" : retryAt ? "pending" : "failed";
  const outcome = result.outcome === "sent" ? "sent" : status === "pending" ? "deferred" : "failed";
  await unitOfWork(async (tx) => {
    await tx
      .update(invoiceEmails)
      .set({
        status,
        sentAt: result.outcome === "sent" ? finishedAt : undefined,
        nextAttemptAt: retryAt ?? undefined,
        leaseToken: null,
        leaseUntil: null,
      })
      // A lease that ran out belongs to someone else now: only its holder moves the e-mail on.
      .where(and(eq(invoiceEmails.id, email.id), eq(invoiceEmails.leaseToken, email.leaseToken)));
    await tx
      .insert(invoiceEmailAttempts)
      .values({
        emailId: email.id,
        attemptNumber: email.attemptNumber,
        // The first attempt of a round that is not the e-mail's first: someone pressed Resend.
        manual: email.roundAttempt === 1 && email.attemptNumber > 1,
        recipient: email.recipient,
        outcome,
        smtpCode: result.smtpCode,
        smtpResponse: result.smtpResponse,
        error: result.error,
        latencyMs: result.latencyMs,
        startedAt: result.startedAt,
      })
      .onConflictDoNothing();
  });
  metrics.emailAttempts.inc({ outcome });
}

/** One round: claims a batch and sends it; returns how many attempts it made. */
export async function drainEmailOutbox(limit = BATCH, now = new Date()): Promise<number> {
  if (!emailConfigured()) return 0;
  const claimed = await claimDueEmails(limit, now);
  await Promise.all(claimed.map(async (email) => recordAttempt(email, await attempt(email))));
  return claimed.length;
}

/** Drains every `pollMs` (at once when a commit in this process queued an e-mail) until stopped. */
export function startEmailDrainer(pollMs: number = env.EMAIL_POLL_MS, log: (message: string, error?: unknown) => void = logError) {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const tick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          // A full batch may have left more behind.
          if ((await drainEmailOutbox()) === BATCH) again = true;
        } catch (error) {
          log("e-mail outbox drain failed", error);
        }
      } while (again && !stopped);
      running = undefined;
    })();
    return running;
  };
  const stopNudges = onEmailNudge(() => void tick());
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  if (emailConfigured()) void tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      stopNudges();
      await running;
    },
  };
}

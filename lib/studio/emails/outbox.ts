import "server-only";
// The e-mail outbox writer: called in the transaction of the change that makes an e-mail due, so
// a row exists exactly when that change committed. One row per invoice and kind (a unique index):
// a second approval path or a second sweeper finds the row there and adds nothing.
import type { Tx } from "@/lib/db/client";
import { invoiceEmails } from "@/lib/studio/db/emails-schema";
import { newId } from "@/lib/studio/core/ids";
import { afterCommitIfOpen } from "@/lib/studio/core/unit-of-work";
import { emailConfigured, type InvoiceEmailKind } from "@/lib/studio/emails/settings";
import { nudgeEmailDrainer } from "@/lib/studio/emails/wake";

export type DueEmail = { orgId: number; invoiceId: string; kind: InvoiceEmailKind; recipient: string };

/** Queues each e-mail that is not queued yet; returns how many were new. */
export async function queueInvoiceEmails(tx: Tx, emails: DueEmail[], now: Date): Promise<number> {
  if (!emailConfigured() || emails.length === 0) return 0;
  const queued = await tx
    .insert(invoiceEmails)
    .values(emails.map((email) => ({ id: newId("eml"), ...email, nextAttemptAt: now, createdAt: now })))
    .onConflictDoNothing({ target: [invoiceEmails.invoiceId, invoiceEmails.kind] })
    .returning({ id: invoiceEmails.id });
  if (queued.length > 0) afterCommitIfOpen(async () => nudgeEmailDrainer());
  return queued.length;
}

import "server-only";
// Whether this server sends invoice e-mail, and as whom. Without SMTP_URL nothing is queued: an
// approval writes no outbox row, the sweep queues no reminder, and the e-mail list says so.
import { env } from "@/lib/env";
import { publicOrigin } from "@/lib/studio/pay/pay-link";

export function emailConfigured(): boolean {
  return Boolean(env.SMTP_URL);
}

export function emailSender(): string {
  return env.SMTP_FROM ?? `no-reply@${new URL(publicOrigin()).hostname}`;
}

/** The e-mails an invoice's recipient may get: on approval, before the due date, and the day it passes. */
export const INVOICE_EMAIL_KINDS = ["invoice", "reminder_due_soon", "reminder_overdue"] as const;
export type InvoiceEmailKind = (typeof INVOICE_EMAIL_KINDS)[number];

import "server-only";
import type { Principal } from "@/lib/studio/auth/principal";
import { approveIntent } from "@/lib/studio/workflow/verbs";
import { defaultPaymentDeadline } from "@/lib/studio/invoices/deadline";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { openPaymentWindow } from "@/lib/studio/payment-intents/nested";
import { queueInvoiceEmails } from "@/lib/studio/emails/outbox";

// POST /invoice/intent/{id}/approve: opens the payment window with a fresh deposit address, and
// (with SMTP_URL) queues the invoice e-mail to its recipient in the same transaction.
export function approveInvoice(input: { principal: Principal; id: string; now?: Date }) {
  const now = input.now ?? new Date();
  return approveIntent(invoiceOwner, {
    principal: input.principal,
    id: input.id,
    now,
    prepare: ({ row, paymentIntent }) =>
      openPaymentWindow(
        paymentIntent.requestedDeadline ?? defaultPaymentDeadline({ issueDate: row.invoiceIssueDate, paymentTerms: row.paymentTerms, approvedAt: now }),
        now,
      ),
    onApproved: (tx, { row }) =>
      queueInvoiceEmails(tx, [{ orgId: row.orgId, invoiceId: row.id, kind: "invoice", recipient: row.recipientEmail }], now).then(() => undefined),
  });
}

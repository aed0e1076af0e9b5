import "server-only";
// What an invoice e-mail says: the invoice as it is when the attempt is made (its PDF attached),
// the amount, the due date and the hosted payment page's link (kg_deep_link).
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { getIntentOrThrow } from "@/lib/studio/workflow/owner";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";
import { invoicePdfFilename, renderInvoicePdf } from "@/lib/studio/invoices/invoice-pdf";
import type { InvoiceEmailKind } from "@/lib/studio/emails/settings";

export type ComposedEmail = {
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

export async function composeInvoiceEmail(database: DbOrTx, email: { orgId: number; invoiceId: string; kind: InvoiceEmailKind }): Promise<ComposedEmail> {
  const { row, paymentIntent } = await getIntentOrThrow(database, invoiceOwner, email.orgId, email.invoiceId);
  const invoice = serializeInvoice(row, paymentIntent);
  const [org] = await database.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.orgId));
  const merchant = org?.name ?? "";
  const payLink = invoice.payment_intent.kg_deep_link;
  const pi = invoice.payment_intent;
  const dueDate = (row.dueAt ?? new Date(Number(pi.payment_deadline) * 1000)).toISOString().slice(0, 10);
  const amount = `${pi.crypto_amount} ${pi.symbol} on ${pi.payment_chain_id}`;
  const subject = {
    invoice: `Invoice ${invoice.invoice_id} from ${merchant}`,
    reminder_due_soon: `Reminder: invoice ${invoice.invoice_id} from ${merchant} is due on ${dueDate}`,
    reminder_overdue: `Overdue: invoice ${invoice.invoice_id} from ${merchant} was due on ${dueDate}`,
  }[email.kind];
  const opening = {
    invoice: `${merchant} has sent you invoice ${invoice.invoice_id}.`,
    reminder_due_soon: `This is a reminder that invoice ${invoice.invoice_id} from ${merchant} is due on ${dueDate}.`,
    reminder_overdue: `Invoice ${invoice.invoice_id} from ${merchant} was due on ${dueDate} and is not paid in full yet.`,
  }[email.kind];
  const lines = [
    `Hello ${invoice.recipient_name},`,
    "",
    opening,
    "",
    `Amount due: ${amount}`,
    `Due date: ${dueDate}`,
    ...(payLink ? ["", `Pay it here: ${payLink}`] : []),
    "",
    "The invoice is attached as a PDF.",
  ];
  const html = [
    `<p>Hello ${escapeHtml(invoice.recipient_name)},</p>`,
    `<p>${escapeHtml(opening)}</p>`,
    `<p>Amount due: <strong>${escapeHtml(amount)}</strong><br>Due date: ${escapeHtml(dueDate)}</p>`,
    payLink ? `<p><a href="${escapeHtml(payLink)}">Pay invoice ${escapeHtml(invoice.invoice_id)}</a><br>${escapeHtml(payLink)}</p>` : "",
    "<p>The invoice is attached as a PDF.</p>",
  ].join("\n");
  const pdf = await renderInvoicePdf({ invoice, merchantName: merchant, payLink });
  return {
    subject,
    text: lines.join("\n"),
    html,
    attachments: [{ filename: invoicePdfFilename(invoice), content: pdf, contentType: "application/pdf" }],
  };
}

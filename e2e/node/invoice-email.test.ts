// Invoice e-mail against a real database on each driver and a real SMTP server in-process: the
// approval queues the e-mail in its own transaction, the drainer hands it to the SMTP server with
// the pay link and the PDF, a deferral (451) is retried on the schedule, a refusal (550) is not,
// several drainers send each e-mail once, and without SMTP_URL nothing is queued.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver, type SmtpReceiver } from "../smtp-receiver";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, invoiceRequest, queryRows, raceMode, withStudio, type ClientModule, type Target } from "./support";
import type { InvoiceCreateInput } from "@/lib/studio/invoices/schemas";

function pdfText(content: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "email-pdf-")), "attached.pdf");
  fs.writeFileSync(file, content);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Creates an invoice as finance and approves it as the approver; returns the approved record. */
async function approvedInvoice(target: Target, overrides: Partial<InvoiceCreateInput> = {}) {
  const { clientId, principal } = await bootedDemoOrg(target);
  const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
  const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
  const created = await createInvoice({ principal: await principal("finance"), clientId, request: invoiceRequest(overrides) });
  return approveInvoice({ principal: await principal("approver"), id: created.id });
}

type AttemptRow = { attempt_number: number; outcome: string; smtp_code: number | null; manual: boolean };
const attemptsOf = (client: ClientModule, invoiceId: string) =>
  queryRows<AttemptRow & { kind: string }>(
    client,
    sql`SELECT e.kind, a.attempt_number, a.outcome, a.smtp_code, a.manual FROM invoice_email_attempts a
        JOIN invoice_emails e ON e.id = a.email_id WHERE e.invoice_id = ${invoiceId} ORDER BY e.kind, a.attempt_number`,
  );
const emailsOf = (client: ClientModule, invoiceId: string) =>
  queryRows<{ id: string; kind: string; status: string; recipient: string }>(
    client,
    sql`SELECT id, kind, status, recipient FROM invoice_emails WHERE invoice_id = ${invoiceId} ORDER BY seq`,
  );

describe.each(drivers)("invoice e-mail on %s", (driver) => {
  let target: Target;
  const receivers: SmtpReceiver[] = [];
  const env = (smtpUrl: string | undefined, extra: Record<string, string> = {}) => ({
    SEED_DEMO_INVOICES: "0",
    SMTP_URL: smtpUrl,
    SMTP_FROM: "Studio Billing <billing@studio.example>",
    EMAIL_POLL_MS: "50",
    PUBLIC_URL: "https://pay.example.test",
    ...extra,
  });
  const receiver = async (...args: Parameters<typeof startSmtpReceiver>) => {
    const started = await startSmtpReceiver(...args);
    receivers.push(started);
    return started;
  };
  beforeAll(async () => {
    target = await freshTarget(driver, "email");
  });
  afterAll(async () => {
    await Promise.all(receivers.map((entry) => entry.close()));
    await dropTarget(target);
  });

  it("approving an invoice e-mails its recipient once: the pay link in the body and the invoice PDF attached", async () => {
    const smtp = await receiver();
    await withStudio(
      target,
      async (client) => {
        const invoice = await approvedInvoice(target, { recipient_email: "payer-one@example.test", recipient_name: "Payer One" });
        // Queued in the approval's transaction: there before any drainer ran.
        expect((await emailsOf(client, invoice.id)).map((row) => [row.kind, row.status, row.recipient])).toEqual([
          ["invoice", "pending", "payer-one@example.test"],
        ]);
        const { drainEmailOutbox } = await import("@/lib/studio/emails/drainer");
        expect(await drainEmailOutbox()).toBe(1);
        expect(await drainEmailOutbox()).toBe(0);

        expect(smtp.delivered).toHaveLength(1);
        const [message] = smtp.delivered;
        expect(message!.to).toEqual(["payer-one@example.test"]);
        expect(message!.from).toBe("billing@studio.example");
        expect(message!.mail.subject).toBe(`Invoice ${invoice.invoice_id} from Demo Merchant`);
        const payLink = invoice.payment_intent.kg_deep_link!;
        expect(payLink).toMatch(/^https:\/\/pay\.example\.test\/pay\/[A-Za-z0-9_-]{32}$/);
        expect(message!.mail.text).toContain(`Pay it here: ${payLink}`);
        expect(message!.mail.html).toContain(`href="${payLink}"`);
        expect(message!.mail.headers.get("x-studio-email-id")).toMatch(/^eml_/);
        const [attachment] = message!.mail.attachments;
        expect(attachment!.contentType).toBe("application/pdf");
        expect(attachment!.filename).toBe(`${invoice.invoice_id}.pdf`);
        const text = pdfText(attachment!.content);
        expect(text).toContain(invoice.invoice_id);
        expect(text).toContain(payLink);

        expect(await emailsOf(client, invoice.id)).toMatchObject([{ kind: "invoice", status: "sent" }]);
        expect(await attemptsOf(client, invoice.id)).toEqual([{ kind: "invoice", attempt_number: 1, outcome: "sent", smtp_code: 250, manual: false }]);
      },
      env(smtp.url),
    );
  }, 300_000);

  it("a message the SMTP server defers (451) is retried on EMAIL_RETRY_SCHEDULE until accepted; one it refuses (550) is failed at once", async () => {
    const smtp = await receiver((offered) => (offered <= 2 ? { code: 451, message: "Try again later" } : null));
    await withStudio(
      target,
      async (client) => {
        const { startEmailDrainer } = await import("@/lib/studio/emails/drainer");
        const drainer = startEmailDrainer();
        try {
          const deferred = await approvedInvoice(target);
          await smtp.waitFor((delivered) => delivered.length === 1);
          // The SMTP server accepts before the drainer records the attempt: wait for the record.
          for (let waited = 0; (await emailsOf(client, deferred.id))[0]?.status !== "sent"; waited++) {
            if (waited > 600) throw new Error("the accepted e-mail was never recorded as sent");
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          expect(smtp.offered).toBe(3);
          expect(await attemptsOf(client, deferred.id)).toEqual([
            { kind: "invoice", attempt_number: 1, outcome: "deferred", smtp_code: 451, manual: false },
            { kind: "invoice", attempt_number: 2, outcome: "deferred", smtp_code: 451, manual: false },
            { kind: "invoice", attempt_number: 3, outcome: "sent", smtp_code: 250, manual: false },
          ]);
          expect(await emailsOf(client, deferred.id)).toMatchObject([{ status: "sent" }]);
        } finally {
          await drainer.stop();
        }
      },
      env(smtp.url, { EMAIL_RETRY_SCHEDULE: "0,1,1" }),
    );

    const refusing = await receiver(() => ({ code: 550, message: "No such mailbox" }));
    await withStudio(
      target,
      async (client) => {
        const refused = await approvedInvoice(target);
        const { drainEmailOutbox } = await import("@/lib/studio/emails/drainer");
        expect(await drainEmailOutbox()).toBe(1);
        expect(await attemptsOf(client, refused.id)).toEqual([{ kind: "invoice", attempt_number: 1, outcome: "failed", smtp_code: 550, manual: false }]);
        expect(await emailsOf(client, refused.id)).toMatchObject([{ status: "failed" }]);
        expect(await drainEmailOutbox()).toBe(0);
        expect(refusing.offered).toBe(1);
      },
      env(refusing.url, { EMAIL_RETRY_SCHEDULE: "0,0,0" }),
    );
  }, 300_000);

  it(`several drainers at once send each e-mail exactly once ${raceMode(driver)}`, async () => {
    const smtp = await receiver();
    await withStudio(
      target,
      async (client) => {
        const ids: string[] = [];
        for (let i = 0; i < 12; i++) ids.push((await approvedInvoice(target, { recipient_email: `race-${i}@example.test` })).id);
        const { drainEmailOutbox } = await import("@/lib/studio/emails/drainer");
        // Small batches, many rounds: the drainers keep meeting on the same due rows.
        let made = 0;
        for (let round = 0; round < 12 && made < ids.length; round++) {
          const counts = await Promise.all([1, 2, 3, 4].map(() => drainEmailOutbox(2)));
          made += counts.reduce((sum, count) => sum + count, 0);
        }
        expect(made).toBe(ids.length);
        const emailIds = smtp.delivered.map((entry) => entry.mail.headers.get("x-studio-email-id"));
        expect(emailIds).toHaveLength(ids.length);
        expect(new Set(emailIds).size).toBe(ids.length);
        expect(smtp.delivered.map((entry) => entry.to[0]).sort()).toEqual(ids.map((_, i) => `race-${i}@example.test`).sort());
        const rows = await queryRows<{ n: number }>(
          client,
          sql`SELECT count(*)::int AS n FROM invoice_email_attempts a JOIN invoice_emails e ON e.id = a.email_id WHERE e.invoice_id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
        expect(rows[0]!.n).toBe(ids.length);
      },
      env(smtp.url),
    );
  }, 300_000);

  it("reminders go once before the due date and once the day it passes, only while the invoice is owed, and not when email_reminders is false", async () => {
    const smtp = await receiver();
    await withStudio(
      target,
      async (client) => {
        const day = 86_400_000;
        const issued = new Date(Date.now() - 2 * day);
        // Due in 5 days (issue date + 7); the payment window stays open 10 days past it.
        const request = { invoice_issue_date: issued.toISOString(), payment_terms: 7, payment_deadline: Math.floor((issued.getTime() + 17 * day) / 1000) };
        const reminded = await approvedInvoice(target, request);
        const silent = await approvedInvoice(target, { ...request, email_reminders: false });
        expect(silent.email_reminders).toBe(false);
        const [{ due_ms }] = (await queryRows<{ due_ms: number }>(client, sql`SELECT (extract(epoch FROM due_at) * 1000)::float8 AS due_ms FROM invoices WHERE id = ${reminded.id}`)) as [{ due_ms: number }];
        const { queueDueReminders } = await import("@/lib/studio/emails/reminders");
        const kinds = async (id: string) => (await emailsOf(client, id)).map((row) => row.kind);

        // The clock is moved by the `now` each sweep is given, against the due date the invoice has.
        // (Invoices of the tests before may be reminded too at these moved clocks: each is checked by its own rows.)
        await queueDueReminders(new Date(due_ms - 4 * day));
        expect(await kinds(reminded.id)).toEqual(["invoice"]);
        await queueDueReminders(new Date(due_ms - 2 * day));
        await queueDueReminders(new Date(due_ms - 1 * day));
        expect(await kinds(reminded.id)).toEqual(["invoice", "reminder_due_soon"]);
        await queueDueReminders(new Date(due_ms + 2 * 3_600_000));
        await queueDueReminders(new Date(due_ms + 3 * 3_600_000));
        expect(await kinds(reminded.id)).toEqual(["invoice", "reminder_due_soon", "reminder_overdue"]);
        // Past the day it became overdue: no late "overdue" e-mail for an invoice that had none.
        const late = await approvedInvoice(target, request);
        await queueDueReminders(new Date(due_ms + 2 * day));
        expect(await kinds(late.id)).toEqual(["invoice"]);
        expect(await kinds(silent.id)).toEqual(["invoice"]);

        // Paid in full: owed no more, so no reminder even inside the window.
        const paid = await approvedInvoice(target, request);
        const { principal } = await bootedDemoOrg(target);
        const { sandboxPay } = await import("@/lib/studio/sandbox/pay");
        await sandboxPay({ principal: await principal("admin"), request: { payment_address: paid.payment_intent.payment_address!, amount: paid.payment_intent.crypto_amount } });
        await queueDueReminders(new Date(due_ms - 2 * day));
        await queueDueReminders(new Date(due_ms + 2 * 3_600_000));
        expect(await kinds(paid.id)).toEqual(["invoice"]);

        const { drainEmailOutbox } = await import("@/lib/studio/emails/drainer");
        // Queued at the sweep's (moved) clock, so drained at it too.
        while ((await drainEmailOutbox(20, new Date(due_ms + 2 * day))) > 0);
        const subjects = smtp.delivered.filter((entry) => entry.to[0] === reminded.recipient_email && entry.mail.subject?.includes(reminded.invoice_id)).map((entry) => entry.mail.subject);
        const dueDate = new Date(due_ms).toISOString().slice(0, 10);
        expect(subjects.sort()).toEqual(
          [
            `Invoice ${reminded.invoice_id} from Demo Merchant`,
            `Overdue: invoice ${reminded.invoice_id} from Demo Merchant was due on ${dueDate}`,
            `Reminder: invoice ${reminded.invoice_id} from Demo Merchant is due on ${dueDate}`,
          ].sort(),
        );
      },
      env(smtp.url),
    );
  }, 300_000);

  it("the e-mail list shows each e-mail with its attempts, and a resend is a new, manual attempt on the same e-mail", async () => {
    const smtp = await receiver();
    await withStudio(
      target,
      async () => {
        const invoice = await approvedInvoice(target);
        const { drainEmailOutbox } = await import("@/lib/studio/emails/drainer");
        await drainEmailOutbox();
        const { listInvoiceEmails, resendInvoiceEmail } = await import("@/lib/studio/emails/invoice-emails");
        const { principal } = await bootedDemoOrg(target);
        const viewer = await principal("viewer");
        const listed = await listInvoiceEmails({ principal: viewer, id: invoice.id });
        expect(listed).toMatchObject({ configured: true, sender: "Studio Billing <billing@studio.example>" });
        expect(listed.emails).toHaveLength(1);
        const [email] = listed.emails;
        expect(email).toMatchObject({ kind: "invoice", status: "sent", recipient: "node-test@example.test", attempts: [{ attempt: 1, manual: false, outcome: "sent", smtp_code: 250 }] });

        const resent = await resendInvoiceEmail({ principal: await principal("approver"), id: invoice.id, emailId: email!.id });
        expect(resent).toMatchObject({ id: email!.id, status: "pending" });
        // The answer is what the OpenAPI document promises (the shared API server sends no e-mail).
        const { ENDPOINTS, responseSchema } = await import("@/lib/studio/openapi/document");
        const entry = ENDPOINTS.find((candidate) => candidate.path === "/invoice/intent/{id}/emails/{email_id}/resend")!;
        const envelope = { code: 0, data: resent };
        expect(responseSchema(entry).parse(envelope)).toEqual(envelope);
        expect(await drainEmailOutbox()).toBe(1);
        expect(smtp.delivered.filter((entry) => entry.mail.headers.get("x-studio-email-id") === email!.id)).toHaveLength(2);
        const after = await listInvoiceEmails({ principal: viewer, id: invoice.id });
        expect(after.emails[0]!.attempts.map((attempt) => [attempt.attempt, attempt.manual, attempt.outcome])).toEqual([
          [1, false, "sent"],
          [2, true, "sent"],
        ]);
        // Another invoice's path, or an unknown e-mail id, finds nothing.
        const other = await approvedInvoice(target);
        await expect(resendInvoiceEmail({ principal: await principal("approver"), id: other.id, emailId: email!.id })).rejects.toMatchObject({ kind: "not_found" });
      },
      env(smtp.url),
    );
  }, 300_000);

  it("without SMTP_URL approving queues nothing and nothing is sent", async () => {
    const smtp = await receiver();
    await withStudio(
      target,
      async (client) => {
        const invoice = await approvedInvoice(target);
        expect(await emailsOf(client, invoice.id)).toEqual([]);
        const { drainEmailOutbox } = await import("@/lib/studio/emails/drainer");
        expect(await drainEmailOutbox()).toBe(0);
        expect(smtp.offered).toBe(0);
        // The API says so: the list is empty and says e-mail is off; a resend is refused.
        const { listInvoiceEmails, resendInvoiceEmail } = await import("@/lib/studio/emails/invoice-emails");
        const { principal } = await bootedDemoOrg(target);
        expect(await listInvoiceEmails({ principal: await principal("viewer"), id: invoice.id })).toEqual({ configured: false, sender: null, emails: [] });
        await expect(resendInvoiceEmail({ principal: await principal("approver"), id: invoice.id, emailId: "eml_x" })).rejects.toMatchObject({ kind: "business_rule" });
      },
      env(undefined),
    );
  }, 300_000);
});

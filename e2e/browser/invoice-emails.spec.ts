// The invoice page's E-mails section against real servers and a real SMTP server (issue 26): an
// approved invoice's e-mail shows with its outcome, Resend sends one more that the SMTP server
// receives, and a server without SMTP_URL says nothing is sent.
//
// The shared test server runs without SMTP_URL (scripts/test.mjs), and that is what the last test
// needs; SMTP_URL is read once when a server starts. So the first tests start a server of their
// own on a scratch PGlite database with SMTP_URL pointing at an SMTP server in this process
// (e2e/smtp-receiver.ts, as the node tests use), the way the servers stage starts its servers
// (e2e/servers/server.ts), and sign in there as the demo seed's approver.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { startSmtpReceiver, type SmtpReceiver } from "../smtp-receiver";
import { assertBuilt, freePort, startServer, stopServer, waitHealthy, type Server } from "../servers/server";
import { expect, test } from "./fixtures";
import { InvoiceDetailPage } from "./pages/invoice-detail-page";
import { SignInPage } from "./pages/sign-in-page";
import { axeViolations, createInvoice, studio, unique } from "./support";
import type { DemoCredentials } from "@/lib/studio/seed/demo";

type Person = DemoCredentials["orgs"][number]["users"][number];
type EmailServer = { baseUrl: string; server: Server; dataDir: string; person(role: Person["role"]): Person; org: DemoCredentials["orgs"][number] };

/** A server of this spec's own that sends invoice e-mail to `smtp`, with the demo seed's people (sign-ins included). */
async function serverWithSmtp(smtp: SmtpReceiver): Promise<EmailServer> {
  assertBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-invoice-emails-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServer({ driver: "pglite", dataDir }, port, path.join(dataDir, "server.log"), {
    SMTP_URL: smtp.url,
    SMTP_FROM: "Studio Billing <billing@studio.example>",
    // The drainer's default poll is a second; a Resend is sent at once in production too (it wakes the drainer).
    EMAIL_POLL_MS: "100",
    // Console sign-ins for the demo people (startServer leaves them out by default).
    SEED_DEMO_ACCOUNTS: "1",
  });
  // A fresh PGlite database: initdb, migrations and the demo seed on a loaded 2-core machine.
  await waitHealthy(baseUrl, server, 240_000);
  const credentials: DemoCredentials = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
  const org = credentials.orgs[0]!;
  return {
    baseUrl,
    server,
    dataDir,
    org,
    person: (role) => org.users.find((user) => user.role === role)!,
  };
}

/** Calls the own server's Studio API as `role` of its demo organization (set-up only). */
async function call<T = any>(own: EmailServer, method: string, urlPath: string, role: Person["role"], body?: unknown): Promise<T> {
  const response = await fetch(`${own.baseUrl}/v1/studio/api${urlPath}`, {
    method,
    headers: { "X-STUDIO-API-KEY": own.person(role).api_key, "X-Client-ID": own.org.client_id, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${urlPath} → ${response.status} ${json.message}`);
  return json.data;
}

async function signedInAt(browser: Browser, own: EmailServer, role: Person["role"]): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.baseUrl });
  const page = await context.newPage();
  await new SignInPage(page).signIn(own.person(role).email, own.person(role).password);
  return page;
}

const emailsSection = (page: Page) => page.getByRole("region", { name: "E-mails" });

test.describe("with SMTP_URL set", () => {
  // The own server's first start dominates: up to four minutes on a loaded machine.
  test.describe.configure({ timeout: 360_000 });
  let smtp: SmtpReceiver;
  let own: EmailServer;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    smtp = await startSmtpReceiver();
    own = await serverWithSmtp(smtp);
  });
  test.afterAll(async () => {
    if (own) {
      await stopServer(own.server);
      fs.rmSync(own.dataDir, { recursive: true, force: true });
    }
    await smtp?.close();
  });

  test("an approved invoice's e-mail shows on its page as sent; Resend sends one more that the SMTP server receives", async ({ browser }) => {
    const recipient = `${unique("payer").replace(" ", "-")}@customer.example`;
    const created = await call(own, "POST", "/invoice/intent", "finance", {
      pricing_mode: "fiat",
      amount: "42.00",
      currency: "USD",
      pay_token: "USDC",
      chain: "arb",
      origin: "https://merchant.example",
      recipient_name: "E-mail Recipient",
      recipient_email: recipient,
      organization_name: "Customer Ltd",
      organization_email: "ap@customer.example",
      creator: "Fiona Finance",
      payment_terms: 14,
      detail_items: [{ name: "Consulting", quantity: 2, unit_price: 21 }],
    });
    const approved = await call(own, "POST", `/invoice/intent/${created.id}/approve`, "approver", {});
    const toRecipient = () => smtp.delivered.filter((entry) => entry.to.includes(recipient));

    // The approval's e-mail, as the SMTP server received it.
    await smtp.waitFor(() => toRecipient().length === 1);
    const [first] = toRecipient();
    expect(first!.mail.subject).toBe(`Invoice ${approved.invoice_id} from ${own.org.name}`);
    expect(first!.mail.text).toContain(approved.payment_intent.kg_deep_link);
    const emailId = first!.mail.headers.get("x-studio-email-id");
    expect(emailId).toMatch(/^eml_/);

    const page = await signedInAt(browser, own, "approver");
    const detail = new InvoiceDetailPage(page);
    await detail.goto(created.id);
    const emails = emailsSection(page).getByTestId("invoice-email");
    await expect(emails).toHaveCount(1);
    await expect(emails.first()).toContainText("Invoice");
    await expect(emails.first().getByText("Sent", { exact: true })).toBeVisible();
    await expect(emails.first()).toContainText("1 attempt");
    await expect(emails.first()).toContainText(`To ${recipient}`);
    await expect(emailsSection(page).getByTestId("emails-off")).toHaveCount(0);
    expect(await axeViolations(page, { state: "invoice e-mails, sent" })).toEqual([]);

    await page.getByRole("button", { name: "Resend invoice e-mail" }).click();
    await expect(detail.toast("E-mail queued to be sent again")).toBeVisible();
    // One more message, the same e-mail again, and no other.
    await smtp.waitFor(() => toRecipient().length === 2);
    const second = toRecipient()[1]!;
    expect(second.mail.headers.get("x-studio-email-id")).toBe(emailId);
    expect(second.mail.subject).toBe(first!.mail.subject);
    // The page shows the new attempt without a reload (it polls while the e-mail is pending).
    await expect(emails.first()).toContainText("2 attempts");
    await expect(emails.first().getByText("Sent", { exact: true })).toBeVisible();
    expect(toRecipient()).toHaveLength(2);
    expect(await axeViolations(page, { state: "invoice e-mails, resent" })).toEqual([]);
    await page.context().close();
  });
});

test("without SMTP_URL the invoice's page says no e-mail is sent and offers no Resend", async ({ as }) => {
  // The shared test server has no SMTP_URL.
  const invoice = await createInvoice(unique("Unmailed"));
  await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
  const approver = await as("approver");
  await approver.detail.goto(invoice.id);
  await expect(emailsSection(approver.page).getByTestId("emails-off")).toHaveText(
    "E-mail is off on this server (no SMTP_URL is set): nothing is sent to the recipient.",
  );
  await expect(emailsSection(approver.page).getByTestId("invoice-email")).toHaveCount(0);
  await expect(approver.page.getByRole("button", { name: /Resend .* e-mail/ })).toHaveCount(0);
  expect(await axeViolations(approver.page, { state: "invoice e-mails, off" })).toEqual([]);
});

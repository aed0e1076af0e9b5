// The console's /webhooks page and each record's deliveries, against a real receiver on 127.0.0.1
// (the test server allows private targets): a status change is delivered, found by its filters,
// shown with its payload beside the receiver's answer, resent by an admin; the signing secret is
// fetched only when an admin clicks Reveal, and finance and viewers see neither button.
import type { Page } from "@playwright/test";
import { startReceiver, type Receiver } from "../webhook-receiver";
import { expect, test } from "./fixtures";
import { WebhooksPage } from "./pages/webhooks-page";
import { createInvoice, createPayout, keepScreenshot, organizations, studio, unique } from "./support";

type Delivery = { id: string; type: string; status: string; object_id: string; attempts: Array<{ attempt: number; manual: boolean }> };

const RECEIVER_ANSWER = "received by the test receiver";
const webhookSecret = () => organizations()[0]!.webhook_secret;

// Each test waits for the dispatcher and signs in several people, on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

let hooks: Receiver;
test.beforeAll(async () => {
  hooks = await startReceiver(() => ({ status: 200, body: RECEIVER_ANSWER }));
});
test.afterAll(async () => {
  await hooks.close();
});

/** The record's deliveries once `predicate` holds for one of them (the dispatcher works in the background). */
async function deliveryOf(objectId: string, predicate: (delivery: Delivery) => boolean = (delivery) => delivery.status === "delivered"): Promise<Delivery> {
  let found: Delivery | undefined;
  await expect
    .poll(async () => {
      found = (await studio<Delivery[]>("GET", `/webhook/deliveries?object_id=${encodeURIComponent(objectId)}`, "viewer")).find(predicate);
      return found !== undefined;
    }, { timeout: 20_000 })
    .toBe(true);
  return found!;
}

/** An approved invoice with a callback_url: its `invoice.approved` event delivered to the receiver. */
async function approvedInvoiceWithCallback() {
  const invoice = await createInvoice(unique("Hooked"), { callback_url: hooks.url });
  await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
  return { invoice, delivery: await deliveryOf(invoice.id) };
}

async function expectSideBySide(page: Page, webhooks: WebhooksPage) {
  const payload = await webhooks.payload().boundingBox();
  const attempts = page.getByTestId("delivery-attempts");
  const answer = await attempts.boundingBox();
  expect(payload && answer).toBeTruthy();
  expect(answer!.x).toBeGreaterThanOrEqual(payload!.x + payload!.width - 1);
  expect(Math.abs(answer!.y - payload!.y)).toBeLessThan(5);
}

test("a status change is delivered and shown on /webhooks with its payload beside the receiver's answer; the invoice lists it", async ({ as }) => {
  const { invoice, delivery } = await approvedInvoiceWithCallback();
  expect(delivery.type).toBe("invoice.approved");
  const admin = await as("admin");
  const webhooks = new WebhooksPage(admin.page);

  await test.step("the invoice's page lists its delivery, linking to it on /webhooks", async () => {
    await admin.detail.goto(invoice.id);
    const section = admin.page.getByRole("region", { name: "Webhook deliveries" });
    await expect(section.getByTestId("record-delivery")).toHaveCount(1);
    await expect(section.getByText("Delivered")).toBeVisible();
    await section.getByRole("link", { name: "invoice.approved" }).click();
    await expect(admin.page).toHaveURL(new RegExp(`/webhooks\\?object_id=${invoice.id}&delivery=${delivery.id}$`));
    await webhooks.loaded();
  });

  await test.step("the selected delivery shows the signed payload and, beside it, the attempt with the receiver's answer", async () => {
    await expect(webhooks.rows).toHaveCount(1);
    await expect(webhooks.detail().getByRole("heading", { name: "invoice.approved" })).toBeVisible();
    await expect(webhooks.detail().getByTestId("selected-delivery-status")).toHaveText("Delivered");
    await expect(webhooks.payload()).toContainText(`"id": "${invoice.id}"`);
    await expect(webhooks.payload()).toContainText(`"invoice_id": "${invoice.invoice_id}"`);
    await expect(webhooks.payload()).toContainText(`"status": "approved"`);
    await expect(webhooks.attempts()).toHaveCount(1);
    const attempt = webhooks.attempts().first();
    await expect(attempt).toContainText("Attempt 1");
    await expect(attempt.getByTestId("attempt-result")).toHaveText("HTTP 200");
    await expect(attempt.getByTestId("attempt-response")).toHaveText(RECEIVER_ANSWER);
    await expect(attempt).toContainText(/\d+ ms/);
    await expect(attempt.getByText("Manual resend")).toHaveCount(0);
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    await expectSideBySide(admin.page, webhooks);
  });

  await test.step("an admin resends it: a new, manual attempt appears and the receiver got the same event again", async () => {
    await webhooks.resend().click();
    await expect(admin.page.getByRole("status").getByText("Delivery queued to be sent again")).toBeVisible();
    await expect(webhooks.attempts()).toHaveCount(2, { timeout: 20_000 });
    const latest = webhooks.attempts().first();
    await expect(latest).toContainText("Attempt 2");
    await expect(latest.getByText("Manual resend")).toBeVisible();
    await expect(latest.getByTestId("attempt-result")).toHaveText("HTTP 200");
    await expect(webhooks.detail().getByTestId("selected-delivery-status")).toHaveText("Delivered");
    expect(hooks.of(delivery.id)).toHaveLength(2);
    expect(JSON.parse(hooks.of(delivery.id)[1]!.body).id).toBe(invoice.id);
  });
});

test("filters by record id, event type and status narrow the log and stay in the URL", async ({ as }) => {
  const first = await approvedInvoiceWithCallback();
  const second = await approvedInvoiceWithCallback();
  const admin = await as("admin");
  const webhooks = new WebhooksPage(admin.page);
  await webhooks.goto();
  await expect(webhooks.row(second.delivery.id)).toBeVisible();
  await expect(webhooks.row(first.delivery.id)).toBeVisible();

  await webhooks.filter({ recordId: first.invoice.id });
  await expect(admin.page).toHaveURL(new RegExp(`object_id=${first.invoice.id}`));
  await expect(webhooks.rows).toHaveCount(1);
  await expect(webhooks.row(first.delivery.id)).toBeVisible();
  await expect(admin.page.getByTestId("paging-summary")).toHaveText("1 delivery · page 1 of 1");

  await webhooks.filter({ type: "invoice.rejected" });
  await expect(webhooks.rows).toHaveCount(0);
  await expect(admin.page.getByText("No webhook deliveries match these filters.")).toBeVisible();

  await webhooks.filter({ type: "invoice.approved", recordId: "" });
  await expect(webhooks.row(first.delivery.id)).toBeVisible();
  await expect(webhooks.row(second.delivery.id)).toBeVisible();
  for (const type of await webhooks.rows.getByRole("button").allInnerTexts()) expect(type).toBe("invoice.approved");

  await webhooks.tab("Failed").click();
  await expect(webhooks.tab("Failed")).toHaveAttribute("aria-current", "page");
  await expect(admin.page).toHaveURL(/status=failed/);
  await webhooks.loaded();
  await expect(webhooks.row(first.delivery.id)).toHaveCount(0);
  await webhooks.tab("Delivered").click();
  await webhooks.loaded();
  await expect(webhooks.row(first.delivery.id)).toBeVisible();

  // A reload keeps every filter.
  await admin.page.reload();
  await webhooks.loaded();
  await expect(admin.page.getByLabel("Event type")).toHaveValue("invoice.approved");
  await expect(webhooks.tab("Delivered")).toHaveAttribute("aria-current", "page");
  await expect(webhooks.row(first.delivery.id)).toBeVisible();
});

test("finance and viewers read the log but see no Resend and no Reveal; the console refuses them the secret", async ({ as }) => {
  const { delivery, invoice } = await approvedInvoiceWithCallback();
  for (const role of ["finance", "viewer"] as const) {
    const person = await as(role);
    const webhooks = new WebhooksPage(person.page);
    await person.page.goto("/invoices");
    await expect(person.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" })).toBeVisible();
    await webhooks.goto({ object_id: invoice.id, delivery: delivery.id });
    await expect(webhooks.detail()).toBeVisible();
    await expect(webhooks.attempts().first()).toBeVisible();
    await expect(webhooks.resend()).toHaveCount(0);
    await expect(webhooks.reveal()).toHaveCount(0);
    expect(await person.page.content()).not.toContain(webhookSecret());
    const refused = await person.page.request.get("/api/webhooks/secret");
    expect(refused.status(), role).toBe(403);
    expect(await refused.text()).not.toContain(webhookSecret());
    const resend = await person.page.request.post(`/api/webhooks/deliveries/${delivery.id}/resend`, { headers: { Origin: new URL(person.page.url()).origin } });
    expect(resend.status(), role).toBe(403);
  }
  expect(hooks.of(delivery.id)).toHaveLength(1);
});

test("an admin sees the signing secret only after clicking Reveal, and can copy it", async ({ as }) => {
  const admin = await as("admin");
  const asked: string[] = [];
  admin.page.on("request", (request) => {
    if (request.url().includes("/api/webhooks/secret")) asked.push(request.url());
  });
  const webhooks = new WebhooksPage(admin.page);
  await webhooks.goto();
  await expect(webhooks.reveal()).toBeVisible();
  const before = await admin.page.content();
  expect(before).not.toContain(webhookSecret());
  expect(before).not.toContain("whsec_");
  expect(asked).toEqual([]);

  await webhooks.reveal().click();
  await expect(webhooks.secret()).toHaveText(webhookSecret());
  expect(asked).toHaveLength(1);
  await expect(admin.page.getByRole("button", { name: "Copy signing secret" })).toBeVisible();
  await admin.page.getByRole("button", { name: "Hide" }).click();
  await expect(webhooks.secret()).toHaveCount(0);
  expect(await admin.page.content()).not.toContain(webhookSecret());
});

test("a payout's page lists its deliveries; a record without a callback_url says none are sent", async ({ as }) => {
  const payout = await createPayout(unique("Hooked payee"), { callback_url: hooks.url });
  await studio("POST", `/payout/intent/${payout.id}/approve`, "approver", {});
  const delivery = await deliveryOf(payout.id);
  const plain = await createInvoice();
  const admin = await as("admin");

  await admin.payouts.detail.goto(payout.id);
  const section = admin.page.getByRole("region", { name: "Webhook deliveries" });
  await expect(section.getByRole("link", { name: "payout.approved" })).toHaveAttribute("href", `/webhooks?object_id=${payout.id}&delivery=${delivery.id}`);

  await admin.detail.goto(plain.id);
  await expect(admin.page.getByRole("region", { name: "Webhook deliveries" }).getByTestId("deliveries-empty")).toHaveText(
    "This invoice has no callback URL: its status changes are not sent anywhere.",
  );
});

for (const width of [1280, 390]) {
  test(`the webhooks page renders at ${width} px without sideways scrolling`, async ({ as }, testInfo) => {
    const { invoice, delivery } = await approvedInvoiceWithCallback();
    const admin = await as("admin");
    await admin.page.setViewportSize({ width, height: 900 });
    const webhooks = new WebhooksPage(admin.page);
    await webhooks.goto({ delivery: delivery.id, object_id: invoice.id });
    await expect(webhooks.attempts().first()).toBeVisible();
    await webhooks.reveal().click();
    await expect(webhooks.secret()).toBeVisible();
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`webhooks-${width}.png`), fullPage: true });
    const overflow = await admin.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await admin.detail.goto(invoice.id);
    await expect(admin.page.getByTestId("record-delivery")).toHaveCount(1);
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`invoice-deliveries-${width}.png`), fullPage: true });
  });
}

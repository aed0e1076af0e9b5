// The Webhook endpoints section of /webhooks (org:manage only): an admin adds an endpoint for a real
// receiver on 127.0.0.1, sees its secret once and the receiver verifies an event with it, rotates
// the secret (both verify during the overlap), deletes with a confirmation; finance and viewers see
// no section and the console refuses them. Axe-clean and without sideways scrolling at 1280 and 390 px.
import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startReceiver, type Receiver } from "../webhook-receiver";
import { expect, test } from "./fixtures";
import { WebhooksPage } from "./pages/webhooks-page";
import { axeViolations, createInvoice, keepScreenshot, studio, unique } from "./support";

type Endpoint = { id: string; url: string };

// Each test waits for the dispatcher and runs axe, on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

let hooks: Receiver;
test.beforeAll(async () => {
  hooks = await startReceiver();
});
test.afterAll(async () => {
  await hooks.close();
});
// Endpoints are organization-wide: each test removes what it added.
test.afterEach(async () => {
  for (const endpoint of await studio<Endpoint[]>("GET", "/webhook/endpoints?page_size=100", "admin")) {
    await studio("DELETE", `/webhook/endpoints/${endpoint.id}`, "admin");
  }
});

const section = (page: Page) => page.getByRole("region", { name: "Webhook endpoints" });
const endpointRows = (page: Page) => section(page).getByTestId("webhook-endpoint");

async function addThroughForm(page: Page, url: string, description: string) {
  await section(page).getByRole("button", { name: "Add endpoint" }).click();
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("URL").fill(url);
  await form.getByLabel(/Description/).fill(description);
  // Invoices only: "every event" off, all invoice events on.
  await form.getByRole("checkbox", { name: "Every event *" }).uncheck();
  await form.getByText("invoice events").click();
  await form.getByRole("checkbox", { name: "All of them invoice.*" }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
}

/** The receiver's request for the next `invoice.approved` event (the dispatcher works in the background). */
async function nextApprovedInvoiceEvent() {
  const invoice = await createInvoice(unique("Endpoint hooks"));
  await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
  await expect.poll(() => hooks.received.filter((request) => request.body.includes(invoice.id)).length, { timeout: 30_000 }).toBe(1);
  return hooks.received.find((request) => request.body.includes(invoice.id))!;
}

const verifies = (secret: string, request: { body: string; headers: Record<string, string> }) => {
  try {
    new Webhook(secret).verify(request.body, request.headers);
    return true;
  } catch {
    return false;
  }
};

test("an admin adds an endpoint, sees its secret once, rotates it (both verify in the overlap) and deletes it after confirming", async ({ as }) => {
  const admin = await as("admin");
  const { page } = admin;
  await new WebhooksPage(page).goto();
  await expect(section(page).getByText("No endpoints yet")).toBeVisible();

  let secret = "";
  await test.step("add: the secret shows once, with a copy button, and is gone when dismissed", async () => {
    await addThroughForm(page, hooks.url, "Order service");
    const shown = page.getByTestId("endpoint-secret-value");
    await expect(shown).toHaveText(/^whsec_/);
    secret = (await shown.textContent())!;
    await expect(page.getByRole("button", { name: "Copy the endpoint's signing secret" })).toBeVisible();
    await expect(endpointRows(page)).toHaveCount(1);
    await expect(endpointRows(page).first()).toContainText(hooks.url);
    await expect(endpointRows(page).first()).toContainText("Order service");
    await expect(endpointRows(page).first()).toContainText("invoice.*");
    await page.getByRole("button", { name: "I have copied it" }).click();
    await expect(shown).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await expect(endpointRows(page)).toHaveCount(1);
    expect(await page.content()).not.toContain(secret);
  });

  await test.step("the receiver verifies the next invoice event with the secret shown", async () => {
    const request = await nextApprovedInvoiceEvent();
    expect(verifies(secret, request)).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({ type: "invoice.approved", data: { status: "approved" } });
  });

  await test.step("rotate with a 1-hour overlap: a new secret once, and both verify meanwhile", async () => {
    await section(page).getByRole("button", { name: /^Rotate secret/ }).click();
    const dialog = page.getByRole("dialog", { name: "Rotate this endpoint's secret?" });
    await dialog.getByLabel("Current secret keeps signing for").selectOption({ label: "1 hour" });
    await dialog.getByRole("button", { name: "Rotate secret" }).click();
    const shown = page.getByTestId("endpoint-secret-value");
    await expect(shown).toHaveText(/^whsec_/);
    const rotated = (await shown.textContent())!;
    expect(rotated).not.toBe(secret);
    await expect(endpointRows(page).first().getByTestId("endpoint-overlap")).toContainText("Previous secret also signs until");
    const request = await nextApprovedInvoiceEvent();
    expect(verifies(rotated, request)).toBe(true);
    expect(verifies(secret, request)).toBe(true);
    await page.getByRole("button", { name: "I have copied it" }).click();
  });

  await test.step("delete asks first; Cancel keeps it, Delete endpoint removes it", async () => {
    await section(page).getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(endpointRows(page)).toHaveCount(1);
    await section(page).getByRole("button", { name: /^Delete/ }).click();
    await page.getByRole("dialog", { name: "Delete this endpoint?" }).getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByText(/^Endpoint deleted/)).toBeVisible();
    await expect(endpointRows(page)).toHaveCount(0);
    expect(await studio<Endpoint[]>("GET", "/webhook/endpoints", "admin")).toEqual([]);
  });
});

test("the Studio's refusal of a URL shows beside the field, and nothing is added", async ({ as }) => {
  const { page } = await as("admin");
  await new WebhooksPage(page).goto();
  await addThroughForm(page, "https://user:secret@hooks.example.test/studio", "");
  const url = page.getByRole("form", { name: "Add a webhook endpoint" }).getByLabel("URL");
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("callback URLs may not carry credentials")).toBeVisible();
  expect(await studio<Endpoint[]>("GET", "/webhook/endpoints", "admin")).toEqual([]);
});

test("finance and viewers see no endpoints section, and the console refuses them the endpoints", async ({ as }) => {
  const description = unique("Managers only");
  await studio("POST", "/webhook/endpoints", "admin", { url: hooks.url, description, event_types: ["*"] });
  for (const role of ["finance", "viewer"] as const) {
    const person = await as(role);
    await new WebhooksPage(person.page).goto();
    await expect(section(person.page)).toHaveCount(0);
    await expect(person.page.getByText(hooks.url)).toHaveCount(0);
    // Not in the page's prefetched state either (the delivery log, theirs to read, names the URL).
    expect(await (await person.page.request.get("/webhooks")).text(), `${role}'s first HTML`).not.toContain(description);
    expect((await person.page.request.get("/api/webhooks/endpoints")).status(), role).toBe(403);
    const origin = new URL(person.page.url()).origin;
    const create = await person.page.request.post("/api/webhooks/endpoints", { headers: { Origin: origin }, data: { url: hooks.url, event_types: ["*"] } });
    expect(create.status(), role).toBe(403);
  }
  expect(await studio<Endpoint[]>("GET", "/webhook/endpoints", "admin")).toHaveLength(1);
});

test("an admin's first HTML already holds the endpoints and the delivery log: nothing arrives after it to push the page down", async ({ as }) => {
  const description = unique("First HTML endpoint");
  await studio("POST", "/webhook/endpoints", "admin", { url: hooks.url, description, event_types: ["*"] });
  const request = await nextApprovedInvoiceEvent();
  const invoiceId = (JSON.parse(request.body) as { id: string }).id;
  const { page } = await as("admin");
  const response = await page.request.get("/webhooks");
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const needle of [hooks.url, description, invoiceId]) expect(html, `the first HTML holds ${needle}`).toContain(needle);
  expect(html, "no loading placeholder").not.toContain('data-state="loading"');
  expect(html, "no list still loading").not.toContain('aria-busy="true"');
});

test("the console's endpoint routes refuse a missing or foreign Origin (403), and nothing changes", async ({ as }) => {
  const endpoint = await studio<Endpoint & { secret: string }>("POST", "/webhook/endpoints", "admin", { url: hooks.url, event_types: ["*"] });
  const { page } = await as("admin");
  await new WebhooksPage(page).goto();
  for (const headers of [{}, { Origin: "https://evil.example" }] as Array<Record<string, string>>) {
    const create = await page.request.post("/api/webhooks/endpoints", { headers, data: { url: `${hooks.url}/evil`, event_types: ["*"] } });
    const rotate = await page.request.post(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, { headers, data: {} });
    const remove = await page.request.delete(`/api/webhooks/endpoints/${endpoint.id}`, { headers });
    expect([create.status(), rotate.status(), remove.status()], JSON.stringify(headers)).toEqual([403, 403, 403]);
  }
  expect(await studio<Endpoint[]>("GET", "/webhook/endpoints", "admin")).toEqual([expect.objectContaining({ id: endpoint.id, previous_secret_expires_at: null })]);
});

for (const width of [1280, 390]) {
  test(`the endpoints section has no moderate or worse axe violations and no sideways scroll at ${width} px`, async ({ as }, testInfo) => {
    test.setTimeout(240_000);
    const { page } = await as("admin");
    await page.setViewportSize({ width, height: 900 });
    await studio("POST", "/webhook/endpoints", "admin", { url: hooks.url, description: "Existing receiver", event_types: ["invoice.*", "payout.approved"] });
    const webhooks = new WebhooksPage(page);
    await webhooks.goto();
    const found: string[] = [];
    const check = async (state: string) => {
      found.push(...(await axeViolations(page, { state: `${state} @${width}px` })));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, state).toBeLessThanOrEqual(0);
      await keepScreenshot(page, { path: testInfo.outputPath(`endpoints-${state.replaceAll(" ", "-")}-${width}.png`), fullPage: true });
    };
    await expect(endpointRows(page)).toHaveCount(1);
    await check("listed");
    await section(page).getByRole("button", { name: "Add endpoint" }).click();
    await page.getByText("invoice events").click();
    await check("add form");
    await page.getByRole("form", { name: "Add a webhook endpoint" }).getByLabel("URL").fill(`${hooks.url}/second`);
    await page.getByRole("form", { name: "Add a webhook endpoint" }).getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByTestId("endpoint-secret-value")).toBeVisible();
    await check("secret shown");
    await section(page).getByRole("button", { name: /^Rotate secret/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("rotate dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await section(page).getByRole("button", { name: /^Delete/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("delete dialog");
    expect(found).toEqual([]);
  });
}

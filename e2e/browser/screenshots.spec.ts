import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BalancesPage } from "./pages/balances-page";
import { PaymentIntentDetailPage, PaymentIntentListPage } from "./pages/payment-intent-pages";
import { AuditSettingsPage, KeysSettingsPage, TeamSettingsPage } from "./pages/team-pages";
import { createInvoice, createPaymentIntent, createPayout, keepScreenshot, payPaymentIntent, studio, unique } from "./support";

// Screenshots of list, detail and form at desktop and phone widths (kept in the test output folder),
// each taken once the page shows its real content.

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390]) {
  test(`list, detail and form render at ${width} px`, async ({ as }, testInfo) => {
    const invoice = await createInvoice();
    await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
    const admin = await as("admin");
    await admin.page.setViewportSize({ width, height: 900 });

    await admin.list.goto();
    await expect(admin.list.rows.first()).toBeVisible();
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`list-${width}.png`), fullPage: true });

    await admin.detail.goto(invoice.id);
    await expect(admin.page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
    await expect(admin.detail.timelineEntries()).toHaveCount(2);
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`detail-${width}.png`), fullPage: true });

    await admin.form.gotoNew();
    await admin.form.fillItems([
      { name: "Design work", quantity: "2", unitPrice: "50", tax: "5" },
      { name: "Hosting", quantity: "1", unitPrice: "19.99" },
    ]);
    await expect(admin.form.total()).toHaveText("124.99 USD");
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`form-${width}.png`), fullPage: true });
    await noSidewaysScroll(admin.page);
  });

  test(`payout list, detail and form render at ${width} px`, async ({ as }, testInfo) => {
    const payout = await createPayout();
    await studio("POST", `/payout/intent/${payout.id}/approve`, "approver", {});
    const admin = await as("admin");
    const { list, detail, form } = admin.payouts;
    await admin.page.setViewportSize({ width, height: 900 });

    await list.goto();
    await expect(list.rows.first()).toBeVisible();
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`payout-list-${width}.png`), fullPage: true });
    await noSidewaysScroll(admin.page);

    await detail.goto(payout.id);
    await expect(admin.page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
    await expect(detail.timelineEntries()).toHaveCount(2);
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`payout-detail-${width}.png`), fullPage: true });
    await noSidewaysScroll(admin.page);

    await form.gotoNew();
    await form.fillAmounts({ gross: "100", net: "98.5" });
    await expect(form.live("fee")).toHaveText("1.5 USDC");
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`payout-form-${width}.png`), fullPage: true });
    await noSidewaysScroll(admin.page);
  });
}

for (const width of [1280, 390]) {
  test(`payment intent list, detail and balances render at ${width} px`, async ({ as }, testInfo) => {
    const groupKey = unique("shots");
    const pending = await createPaymentIntent({ crypto_amount: "12.5", group_key: groupKey, order_data: { order_id: "A-1001", items: 3 } });
    const paid = await createPaymentIntent({ crypto_amount: "1.292307692307692308", chain: "bsc", group_key: groupKey });
    await payPaymentIntent(paid.payment_intent_id, "2");
    const admin = await as("admin");
    await admin.page.setViewportSize({ width, height: 900 });

    const list = new PaymentIntentListPage(admin.page);
    await list.goto(`group_key=${encodeURIComponent(groupKey)}`);
    await expect(list.rows).toHaveCount(2);
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`payment-intent-list-${width}.png`), fullPage: true });
    await noSidewaysScroll(admin.page);

    const detail = new PaymentIntentDetailPage(admin.page);
    await detail.goto(pending.payment_intent_id);
    await expect(admin.page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
    await expect(detail.timelineEntries().first()).toBeVisible();
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`payment-intent-detail-${width}.png`), fullPage: true });
    await noSidewaysScroll(admin.page);

    await detail.goto(paid.payment_intent_id);
    await expect(detail.transaction("settlement")).toBeVisible();
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`payment-intent-paid-${width}.png`), fullPage: true });
    await noSidewaysScroll(admin.page);

    const balances = new BalancesPage(admin.page);
    await balances.goto();
    await expect(admin.page.getByTestId("ledger-row").first()).toBeVisible();
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`balances-${width}.png`), fullPage: true });
    await noSidewaysScroll(admin.page);
    await balances.address().fill("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    await balances.amount().fill("0.01");
    await balances.review();
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`balances-confirm-${width}.png`), fullPage: true });
    await admin.page.keyboard.press("Escape");
  });
}

test("18-decimal amounts never break inside the number at 390 px", async ({ as }, testInfo) => {
  // TWD pricing on BNB Smart Chain: 42 TWD at 32.5 TWD/USD is 1.292307692307692308 USDC (18 places).
  const invoiceRecipient = unique("Long Amount Payer");
  const invoice = await createInvoice(invoiceRecipient, { chain: "bsc", currency: "TWD" });
  await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
  const payoutRecipient = unique("Long Amount Payee");
  const payout = await createPayout(payoutRecipient, {
    chain: "bsc",
    amount: "1234567.123456789012345678",
    exact_out_amount: "1234000.000000000000000001",
    payout_target_address: "0x" + "ab".repeat(20),
  });
  await studio("POST", `/payout/intent/${payout.id}/approve`, "approver", {});
  const admin = await as("admin");
  await admin.page.setViewportSize({ width: 390, height: 900 });

  const shots: Array<[string, () => Promise<void>, boolean]> = [
    ["long-invoice-list", () => admin.list.goto(`search=${encodeURIComponent(invoiceRecipient)}`), true],
    ["long-invoice-detail", () => admin.detail.goto(invoice.id), false],
    ["long-payout-list", () => admin.payouts.list.goto(`search=${encodeURIComponent(payoutRecipient)}`), true],
    ["long-payout-detail", () => admin.payouts.detail.goto(payout.id), false],
  ];
  for (const [name, open, table] of shots) {
    await open();
    await expect(admin.page.getByText(/\d\.\d{2}/).first()).toBeVisible();
    // Every amount is one unbroken line box: the number never wraps inside itself.
    const broken = await admin.page.evaluate(() =>
      [...document.querySelectorAll("main span.whitespace-nowrap")]
        .filter((span) => /^\d+(\.\d+)?…?$/.test(span.textContent ?? "") && span.getClientRects().length > 1)
        .map((span) => span.textContent),
    );
    expect(broken, name).toEqual([]);
    if (table) {
      // The table fits: nothing hides behind a sideways scroll inside it either.
      const hidden = await admin.page.locator("[data-state='ready']").evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(hidden, name).toBeLessThanOrEqual(0);
    }
    await keepScreenshot(admin.page, { path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
    await noSidewaysScroll(admin.page);
  }

  // In the list a long amount is cut, and the full value is a focus away.
  await admin.list.goto(`search=${encodeURIComponent(invoiceRecipient)}`);
  const cut = admin.list.rows.first().locator("[tabindex='0'][title]");
  await expect(cut).toHaveAttribute("title", invoice.payment_intent.crypto_amount);
  await cut.focus();
  await expect(cut.getByText(invoice.payment_intent.crypto_amount, { exact: true }).last()).toBeVisible();
  await keepScreenshot(admin.page, { path: testInfo.outputPath("long-invoice-list-focus-390.png"), fullPage: true });
});

test("the not-found page renders inside the shell at 390 px", async ({ as }, testInfo) => {
  const { page } = await as("viewer");
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath("not-found-390.png"), fullPage: true });
  await noSidewaysScroll(page);
});

for (const width of [1280, 390]) {
  test(`team, API keys and audit log render at ${width} px`, async ({ as }, testInfo) => {
    test.setTimeout(240_000);
    const admin = await as("admin");
    const { page } = admin;
    await page.setViewportSize({ width, height: 900 });
    const team = new TeamSettingsPage(page);
    await team.goto();
    const name = unique("Shay Shot");
    await team.invite(name, `${name.toLowerCase().replace(/\s+/g, ".")}@shots.test`, ["Read", "Create"]);
    await keepScreenshot(page, { path: testInfo.outputPath(`team-invited-${width}.png`), fullPage: true });
    await team.dialog().getByRole("button", { name: "Done" }).click();
    await keepScreenshot(page, { path: testInfo.outputPath(`team-${width}.png`), fullPage: true });
    await noSidewaysScroll(page);

    const keys = new KeysSettingsPage(page);
    await keys.goto();
    await keys.create();
    await keepScreenshot(page, { path: testInfo.outputPath(`keys-${width}.png`), fullPage: true });
    await noSidewaysScroll(page);

    const audit = new AuditSettingsPage(page);
    await audit.goto();
    await expect(audit.rows().first()).toBeVisible();
    await keepScreenshot(page, { path: testInfo.outputPath(`audit-${width}.png`), fullPage: true });
    await noSidewaysScroll(page);

    const viewer = await as("viewer");
    await viewer.page.setViewportSize({ width, height: 900 });
    await viewer.page.goto("/settings/keys");
    await expect(viewer.page.getByTestId("forbidden")).toBeVisible();
    await keepScreenshot(viewer.page, { path: testInfo.outputPath(`settings-forbidden-${width}.png`), fullPage: true });
  });
}

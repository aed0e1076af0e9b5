// The hosted payment page as a payer sees it (issue 26): pay an invoice on the sandbox chain —
// underpay, watch the page change by itself, top up, get the receipt — at phone and desktop
// widths, axe-clean in every state, with screenshots of each state kept in the test output.
import { expect, test, type Page } from "@playwright/test";
import { allApiKeys, axeViolations, createInvoice, createPayout, keepScreenshot, organizations, studio } from "./support";

// Four axe audits, five screenshots and two sandbox transfers per test: more than the default
// budget on a loaded 2-core machine (a test budget, not a speed assertion).
test.describe.configure({ timeout: 180_000 });

async function axeClean(page: Page, state: string) {
  expect(await axeViolations(page, { state })).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** A sandbox transfer of `amount` to the invoice's address (the payer's wallet, simulated). */
const transfer = (address: string, amount: string) => studio("POST", "/sandbox/pay", "admin", { payment_address: address, amount });

for (const width of [390, 1280]) {
  test(`a payer underpays, tops up and gets a receipt without reloading (${width} px)`, async ({ page }, testInfo) => {
    const invoice = await createInvoice();
    const approved = await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
    const link: string = approved.payment_intent.kg_deep_link;
    const address: string = approved.payment_intent.payment_address;
    await page.setViewportSize({ width, height: 900 });
    // Only the URL's path: the link's origin is PUBLIC_URL's (unset in tests: localhost).
    await page.goto(new URL(link).pathname);

    const state = page.getByTestId("pay-state");
    await expect(state).toHaveAttribute("data-state", "awaiting");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Pay ${organizations()[0]!.name}`);
    await expect(page).toHaveTitle("Payment");
    await expect(page.getByTestId("pay-address")).toHaveText(address);
    await expect(page.getByTestId("amount-due")).toHaveText("42 USDC");
    await expect(page.getByTestId("invoice-total")).toHaveText("42.00 USD");
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    await expect(page.getByTestId("countdown")).toContainText(/\d\d:\d\d:\d\d/);
    const html = await page.content();
    for (const secret of [invoice.id, approved.payment_intent.payment_intent_id, ...allApiKeys()]) expect(html).not.toContain(secret);
    await axeClean(page, `awaiting @${width}`);
    await noSidewaysScroll(page);
    await keepScreenshot(page, { path: testInfo.outputPath(`pay-awaiting-${width}.png`), fullPage: true });

    // Copy puts the address on the clipboard.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy address" }).click();
    // Its name follows its text while it says so (label in name), and then it is back.
    await expect(page.getByRole("button", { name: "Copied" })).toHaveText("Copied");
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Copy address" })).toHaveText("Copy address");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    await transfer(address, "30");
    await expect(state).toHaveAttribute("data-state", "underpaid", { timeout: 20_000 });
    await expect(state).toHaveText("Partly paid: 12 USDC still due");
    await expect(page.getByTestId("amount-due")).toHaveText("12 USDC");
    await axeClean(page, `underpaid @${width}`);
    await keepScreenshot(page, { path: testInfo.outputPath(`pay-underpaid-${width}.png`), fullPage: true });

    await transfer(address, "12");
    await expect(state).toHaveAttribute("data-state", "paid", { timeout: 20_000 });
    const receipt = page.getByTestId("receipt");
    await expect(receipt).toContainText("42 USDC");
    await expect(page.getByTestId("pay-qr")).toHaveCount(0);
    await axeClean(page, `paid @${width}`);
    await noSidewaysScroll(page);
    await keepScreenshot(page, { path: testInfo.outputPath(`pay-paid-${width}.png`), fullPage: true });
    expect((await studio("GET", `/invoice/intent/${invoice.id}`, "viewer")).status).toBe("paid");

    // The switch to Traditional Chinese, and back.
    await page.getByRole("link", { name: "繁體中文" }).click();
    await expect(state).toHaveText("已付款，謝謝！");
    await expect(page).toHaveTitle("付款");
    await axeClean(page, `paid zh-TW @${width}`);
    await keepScreenshot(page, { path: testInfo.outputPath(`pay-paid-zh-${width}.png`), fullPage: true });
  });
}

test("a payer funds a payout through its page: the gross to pay, then paid without a reload (390 px)", async ({ page }, testInfo) => {
  const payout = await createPayout();
  const approved = await studio("POST", `/payout/intent/${payout.id}/approve`, "approver", {});
  const address: string = approved.payment_intent.payment_address;
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${new URL(approved.payment_intent.kg_deep_link).pathname}?lang=en`);
  const state = page.getByTestId("pay-state");
  await expect(state).toHaveAttribute("data-state", "awaiting");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Pay ${organizations()[0]!.name}`);
  await expect(page.getByText(`Payout ${payout.payout_id}`)).toBeVisible();
  await expect(page.getByTestId("pay-address")).toHaveText(address);
  // The payer funds the gross: the recipient's net and the fee are the merchant's business.
  await expect(page.getByTestId("amount-due")).toHaveText("100 USDC");
  const html = await page.content();
  for (const secret of [payout.id, approved.payment_intent.payment_intent_id, ...allApiKeys()]) expect(html).not.toContain(secret);
  await axeClean(page, "payout awaiting");
  await noSidewaysScroll(page);
  await keepScreenshot(page, { path: testInfo.outputPath("pay-payout-awaiting-390.png"), fullPage: true });

  await transfer(address, "100");
  await expect(state).toHaveAttribute("data-state", "paid", { timeout: 20_000 });
  await expect(page.getByTestId("receipt")).toContainText("100 USDC");
  await axeClean(page, "payout paid");
  await keepScreenshot(page, { path: testInfo.outputPath("pay-payout-paid-390.png"), fullPage: true });
  expect((await studio("GET", `/payout/intent/${payout.id}`, "viewer")).status).toBe("completed");
});

test("cancelled and expired pages say so plainly (390 px), and the browser's language picks Chinese", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: "zh-TW", viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  const invoice = await createInvoice();
  const approved = await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
  await studio("POST", `/invoice/intent/${invoice.id}/cancel`, "finance", { reason: "duplicate" });
  await page.goto(new URL(approved.payment_intent.kg_deep_link).pathname);
  await expect(page.getByTestId("pay-state")).toHaveText("此付款請求已取消，請勿轉帳至此地址。");
  await expect(page, "the tab's title follows the browser's language too").toHaveTitle("付款");
  await axeClean(page, "cancelled zh-TW");
  await keepScreenshot(page, { path: testInfo.outputPath("pay-cancelled-zh-390.png"), fullPage: true });

  const expiring = await createInvoice(undefined, { payment_deadline: Math.floor(Date.now() / 1000) + 2 });
  const approvedExpiring = await studio("POST", `/invoice/intent/${expiring.id}/approve`, "approver", {});
  await page.goto(`${new URL(approvedExpiring.payment_intent.kg_deep_link).pathname}?lang=en`);
  await expect(page.getByTestId("pay-state")).toHaveAttribute("data-state", "expired", { timeout: 20_000 });
  await expect(page.getByTestId("pay-state")).toHaveText("This payment request has expired. Do not send funds to this address.");
  await expect(page, "the language picked on the page wins over the browser's").toHaveTitle("Payment");
  await axeClean(page, "expired");
  await keepScreenshot(page, { path: testInfo.outputPath("pay-expired-390.png"), fullPage: true });
  await context.close();
});

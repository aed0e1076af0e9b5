import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BalancesPage } from "./pages/balances-page";
import { PaymentIntentDetailPage, PaymentIntentListPage } from "./pages/payment-intent-pages";
import { SignInPage } from "./pages/sign-in-page";
import { createInvoice, createPaymentIntent, createPayout, PAYOUT_TARGET, studio } from "./support";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test("sign-in, list, detail and form have no serious or critical axe violations", async ({ page, as }) => {
  await new SignInPage(page).goto();
  expect(await seriousViolations(page)).toEqual([]);

  const admin = await as("admin");
  await admin.list.goto();
  await expect(admin.list.rows.first()).toBeVisible();
  expect(await seriousViolations(admin.page)).toEqual([]);

  const invoice = await createInvoice();
  await admin.detail.goto(invoice.id);
  await expect(admin.detail.timelineEntries().first()).toBeVisible();
  expect(await seriousViolations(admin.page)).toEqual([]);
  await admin.detail.action("Reject").click();
  await expect(admin.detail.dialog()).toBeVisible();
  expect(await seriousViolations(admin.page)).toEqual([]);
  await admin.page.keyboard.press("Escape");
  await expect(admin.detail.dialog()).toBeHidden();

  await admin.form.gotoNew();
  expect(await seriousViolations(admin.page)).toEqual([]);
});

test("payout list, detail, dialog and form have no serious or critical axe violations", async ({ as }) => {
  const pending = await createPayout();
  const approved = await createPayout();
  await studio("POST", `/payout/intent/${approved.id}/approve`, "approver", {});
  const admin = await as("admin");
  const { list, detail, form } = admin.payouts;
  await list.goto();
  await expect(list.rows.first()).toBeVisible();
  expect(await seriousViolations(admin.page)).toEqual([]);

  await detail.goto(approved.id);
  await expect(admin.page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
  await expect(detail.timelineEntries()).toHaveCount(2);
  expect(await seriousViolations(admin.page)).toEqual([]);

  await detail.goto(pending.id);
  await detail.action("Reject").click();
  await expect(detail.dialog()).toBeVisible();
  expect(await seriousViolations(admin.page)).toEqual([]);
  await admin.page.keyboard.press("Escape");
  await expect(detail.dialog()).toBeHidden();

  await form.gotoNew();
  await form.fillAmounts({ gross: "10", net: "12" });
  await form.submit();
  await expect(admin.page.getByLabel(/^Net to recipient/)).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(admin.page)).toEqual([]);
});

test("dialogs work from the keyboard: focus moves in and Escape closes", async ({ as }) => {
  const invoice = await createInvoice();
  const approver = await as("approver");
  await approver.detail.goto(invoice.id);
  await approver.detail.action("Reject").focus();
  await approver.page.keyboard.press("Enter");
  await expect(approver.detail.dialog()).toBeVisible();
  await expect(approver.detail.dialog().getByLabel("Reason")).toBeFocused();
  await approver.page.keyboard.press("Escape");
  await expect(approver.detail.dialog()).toBeHidden();
  await approver.detail.expectStatus("Pending approval");
});

/** Violations of moderate impact and above. */
async function moderateViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact !== "minor" && violation.impact !== null)
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

for (const width of [1280, 390]) {
  test(`payment intents and balances have no moderate or worse axe violations at ${width} px`, async ({ as }) => {
    const intent = await createPaymentIntent({ crypto_amount: "1.5", group_key: "axe" });
    const admin = await as("admin");
    await admin.page.setViewportSize({ width, height: 900 });
    const list = new PaymentIntentListPage(admin.page);
    await list.goto(`search=${intent.payment_address}`);
    await expect(list.rows).toHaveCount(1);
    expect(await moderateViolations(admin.page)).toEqual([]);

    const detail = new PaymentIntentDetailPage(admin.page);
    await detail.goto(intent.payment_intent_id);
    await expect(admin.page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
    await expect(detail.timelineEntries().first()).toBeVisible();
    expect(await moderateViolations(admin.page)).toEqual([]);

    const balances = new BalancesPage(admin.page);
    await balances.goto();
    await balances.address().fill("0x123");
    await expect(balances.address()).toHaveAttribute("aria-invalid", "true");
    expect(await moderateViolations(admin.page)).toEqual([]);
    await balances.address().fill(PAYOUT_TARGET);
    await balances.amount().fill("0.01");
    await balances.review();
    expect(await moderateViolations(admin.page)).toEqual([]);
    await admin.page.keyboard.press("Escape");
    await expect(balances.dialog).toBeHidden();
  });
}

// The approver inbox (issue 25): a two-approver invoice through two people's inboxes, a bulk
// approval of 25 records with one forced failure, the nav's count following without a reload,
// and the page axe-clean at desktop and phone widths, empty and with rows.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations, axeViolationsInBothThemes, createInvoice, keepScreenshot, openInbox, pressOnceListening, studio, unique } from "./support";

const navCount = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByTestId("inbox-count");
const row = (page: Page, number: string) => page.locator(`[data-testid="inbox-row"][data-record="${number}"]`);
const logsOf = (id: string) => studio<Array<{ to_status: string; reason: string }>>("GET", `/invoice/intent/${id}/logs`, "viewer");

/** An exact sum of USDC amounts (6 decimals), as the confirmation must state it. */
function sum(amounts: string[]): string {
  const units = amounts.reduce((total, amount) => {
    const [whole = "0", fraction = ""] = amount.split(".");
    return total + BigInt(whole + fraction.padEnd(6, "0"));
  }, 0n);
  const text = units.toString().padStart(7, "0");
  const fraction = text.slice(-6).replace(/0+$/, "");
  return `${text.slice(0, -6)}${fraction ? `.${fraction}` : ""}`;
}

// The test policy's two-approver tier (other specs' organizations are their own).
const TWO_APPROVER_POLICY = { tiers: [{ from_usd: "0", approvers: 1 }, { from_usd: "50000000", approvers: 2 }] };

test("an empty inbox says so, and is axe-clean at 1280 and 390 px", async ({ as }) => {
  test.setTimeout(120_000);
  const { page } = await as("approver");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await openInbox(page);
    await expect(page.getByText("Nothing is waiting for your approval.")).toBeVisible();
    await expect(navCount(page)).toHaveText("0 waiting");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: `/tmp/inbox-shots/inbox-empty-${width}.png`, fullPage: true });
  }
});

test("a two-approver invoice goes through two people's inboxes; the nav's count follows without a reload", async ({ as }) => {
  test.setTimeout(180_000);
  await studio("PUT", "/approval_policies/invoice", "admin", TWO_APPROVER_POLICY);
  const invoice = await createInvoice(unique("Large"), { amount: "55000000", detail_items: [{ name: "Fleet", quantity: 1, unit_price: 55000000 }] });

  const approver = await as("approver");
  await openInbox(approver.page);
  const first = row(approver.page, invoice.invoice_id);
  await expect(first).toContainText("1 of 2");
  const before = Number((await navCount(approver.page).textContent())?.replace(/\D/g, ""));
  await first.getByRole("checkbox").check();
  await approver.page.getByRole("button", { name: /Approve selected/ }).click();
  const confirm = approver.page.getByRole("dialog", { name: "Approve 1 record" });
  await expect(confirm.getByTestId("confirm-summary")).toContainText(`totalling ${invoice.payment_intent.crypto_amount} USDC`);
  await confirm.getByRole("button", { name: "Approve 1 record" }).click();
  await expect(approver.page.getByTestId("bulk-results")).toContainText(`${invoice.invoice_id}: approved, now`);
  await expect(first).toHaveCount(0);
  await expect(navCount(approver.page)).toHaveText(`${before - 1} waiting`);

  // The second approver works by keyboard: j/k to the row, x to select, a to approve.
  const admin = await as("admin");
  await openInbox(admin.page);
  const second = row(admin.page, invoice.invoice_id);
  await expect(second).toContainText("2 of 2");
  const keys = admin.page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await pressOnceListening(admin.page, "?", () => expect(keys).toBeVisible({ timeout: 1_000 }));
  await expect(keys).toContainText("Open the current row's record");
  await admin.page.keyboard.press("Escape");
  const rows = admin.page.getByTestId("inbox-row");
  const index = (await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-record")))).indexOf(invoice.invoice_id);
  for (let step = 0; step < index; step++) await admin.page.keyboard.press("j");
  await expect(second).toHaveAttribute("data-active", "true");
  await admin.page.keyboard.press("x");
  await expect(second.getByRole("checkbox")).toBeChecked();
  await admin.page.keyboard.press("a");
  await admin.page.getByRole("dialog", { name: "Approve 1 record" }).getByRole("button", { name: "Approve 1 record" }).click();
  await expect(admin.page.getByTestId("bulk-results")).toContainText(`${invoice.invoice_id}: approved, now`);
  await expect(second).toHaveCount(0);

  const record = await studio<{ status: string }>("GET", `/invoice/intent/${invoice.id}`, "viewer");
  expect(record.status).toBe("approved");
  expect((await logsOf(invoice.id)).slice(1).map((log) => log.reason)).toEqual(["approval 1 of 2", "approved (approval 2 of 2)"]);
});

test("a bulk approval of 25 records with one forced failure: 24 done, the failure kept selected, a retry acts on it alone", async ({ as }) => {
  test.setTimeout(480_000);
  // Due before anything else in this organization, in creation order: the 25 are the inbox's first rows.
  const made = [];
  for (let index = 0; index < 25; index++) {
    const invoice = await createInvoice(unique(`Bulk ${index + 1}`));
    await studio("PUT", `/invoice/intent/${invoice.id}`, "finance", { approve_time: new Date(Date.UTC(2020, 0, 1, 0, index)).toISOString() });
    made.push(invoice);
  }
  const { page } = await as("approver");
  await openInbox(page);
  const ids = await page.getByTestId("inbox-row").evaluateAll((elements) => elements.slice(0, 25).map((element) => element.getAttribute("data-record")));
  expect(ids).toEqual(made.map((invoice) => invoice.invoice_id));
  const before = Number((await navCount(page).textContent())?.replace(/\D/g, ""));

  // A click on the first, a shift-click on the 25th: the range between.
  await row(page, made[0]!.invoice_id).getByRole("checkbox").click();
  await row(page, made[24]!.invoice_id).getByRole("checkbox").click({ modifiers: ["Shift"] });
  await expect(page.getByRole("button", { name: "Approve selected (25)" })).toBeEnabled();
  await keepScreenshot(page, { path: "/tmp/inbox-shots/inbox-rows-1280.png", fullPage: true });

  await page.getByRole("button", { name: "Approve selected (25)" }).click();
  const confirm = page.getByRole("dialog", { name: "Approve 25 records" });
  await expect(confirm.getByTestId("confirm-summary")).toContainText(`Approve 25 records, totalling ${sum(made.map((invoice) => invoice.payment_intent.crypto_amount))} USDC.`);
  // The forced failure: one record is cancelled just before the decision goes out.
  const cancelled = made[12]!;
  await studio("POST", `/invoice/intent/${cancelled.id}/cancel`, "finance", {});
  // A double click sends the batch once.
  await confirm.getByRole("button", { name: "Approve 25 records" }).dblclick();
  await expect(page.locator("#bulk-progress")).toBeVisible();
  await keepScreenshot(page, { path: "/tmp/inbox-shots/inbox-mid-bulk-1280.png", fullPage: true });

  const results = page.getByTestId("bulk-results");
  // 25 requests one after another: on a loaded machine this takes a while.
  await expect(results.getByRole("heading")).toHaveText("Results: 24 done, 1 failed", { timeout: 180_000 });
  await expect(results.locator('[data-outcome="failed"]')).toContainText(cancelled.invoice_id);
  const failedRow = row(page, cancelled.invoice_id);
  await expect(failedRow.getByRole("checkbox")).toBeChecked();
  await expect(failedRow.getByTestId("row-failure")).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve selected (1)" })).toBeEnabled();
  await expect(navCount(page)).toHaveText(`${before - 25} waiting`);
  await keepScreenshot(page, { path: "/tmp/inbox-shots/inbox-results-1280.png", fullPage: true });

  // The retry acts on the failed row alone, and fails again the same way.
  await page.getByRole("button", { name: "Approve selected (1)" }).click();
  await page.getByRole("dialog", { name: "Approve 1 record" }).getByRole("button", { name: "Approve 1 record" }).click();
  await expect(results.getByRole("heading")).toHaveText("Results: 0 done, 1 failed", { timeout: 60_000 });

  // Every other record was approved exactly once.
  for (const invoice of made) {
    const approvals = (await logsOf(invoice.id)).filter((log) => log.to_status === "approved");
    expect(approvals, invoice.invoice_id).toHaveLength(invoice === cancelled ? 0 : 1);
  }
});

test("the inbox with rows is axe-clean and has no sideways scroll at 1280 and 390 px; a reject takes one reason for all", async ({ as }) => {
  test.setTimeout(180_000);
  const rows = [await createInvoice(unique("A recipient with quite a long name")), await createInvoice(unique("Short"))];
  const { page } = await as("approver");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await openInbox(page);
    await expect(row(page, rows[1]!.invoice_id)).toBeVisible();
    expect(await axeViolationsInBothThemes(page, { state: `inbox with rows @${width}px` })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: `/tmp/inbox-shots/inbox-rows-${width}.png`, fullPage: true });
  }
  for (const invoice of rows) await row(page, invoice.invoice_id).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Reject selected (2)" }).click();
  const confirm = page.getByRole("dialog", { name: "Reject 2 records" });
  // The declared body: a reason is required, refused before anything is sent.
  await confirm.getByRole("button", { name: "Reject 2 records" }).click();
  await expect(confirm.getByRole("alert")).toContainText("reason");
  await confirm.getByLabel("Reason (for every record)").fill("Duplicate of last week's batch");
  await confirm.getByRole("button", { name: "Reject 2 records" }).click();
  await expect(page.getByTestId("bulk-results").getByRole("heading")).toHaveText("Results: 2 done, 0 failed");
  for (const invoice of rows) {
    const logs = await logsOf(invoice.id);
    expect(logs.at(-1)).toMatchObject({ to_status: "rejected", reason: "Duplicate of last week's batch" });
  }
});

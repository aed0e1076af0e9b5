// The approval policy page (issue 25): an admin sets a kind's tiers with the form the API's own
// schema validates, sees them after a reload, and the page is axe-clean at desktop and phone widths.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations, keepScreenshot, studio } from "./support";

async function openPolicies(page: Page) {
  await page.goto("/settings/approvals");
  await expect(page.getByRole("heading", { name: "Approval policies", level: 1 })).toBeVisible();
  await expect(page.getByTestId("approval-policy")).toHaveCount(3);
}

test("an admin adds a two-approver tier for large payouts; it is the API's policy after a reload", async ({ as }, testInfo) => {
  test.setTimeout(180_000);
  const { page } = await as("admin");
  await openPolicies(page);
  const payouts = page.getByTestId("approval-policy").and(page.locator('[data-kind="payout"]'));
  // Reset to one tier first (a rerun on the same server starts from what it left).
  while ((await payouts.getByRole("button", { name: "Remove tier" }).count()) > 0) await payouts.getByRole("button", { name: "Remove tier" }).first().click();

  await payouts.getByRole("button", { name: "Add tier" }).click();
  // An empty amount is refused by the shared schema before anything is sent.
  await payouts.getByRole("button", { name: "Save payouts policy" }).click();
  await expect(payouts.getByText(/plain decimal string/)).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath("approval-policies-error-1280.png"), fullPage: true });

  await payouts.getByLabel("From (USD)").nth(1).fill("50000000");
  await payouts.getByLabel("Approvers").nth(1).selectOption("2");
  await payouts.getByRole("button", { name: "Save payouts policy" }).click();
  await expect(page.getByText("Payouts policy saved")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("approval-policy")).toHaveCount(3);
  await expect(payouts.getByLabel("From (USD)").nth(1)).toHaveValue("50000000");
  const policies = await studio<Array<{ record_kind: string; tiers: unknown }>>("GET", "/approval_policies", "viewer");
  expect(policies.find((policy) => policy.record_kind === "payout")?.tiers).toEqual([
    { from_usd: "0", approvers: 1, org_manage: false },
    { from_usd: "50000000", approvers: 2, org_manage: false },
  ]);
});

test("rules scoped to a chain or token are listed and kept when the tiers are saved; only withdrawals may need no approver", async ({ as }) => {
  test.setTimeout(180_000);
  const rules = [{ chain_id: "arb", token: "USDT", tiers: [{ from_usd: "0", approvers: 2, org_manage: false }] }];
  await studio("PUT", "/approval_policies/invoice", "admin", { tiers: [{ from_usd: "0", approvers: 1 }], rules });
  const { page } = await as("admin");
  await openPolicies(page);
  const invoices = page.getByTestId("approval-policy").and(page.locator('[data-kind="invoice"]'));
  await expect(invoices.getByTestId("policy-rules")).toContainText("USDT on Arbitrum One: from 0 USD, 2 approvers");
  await invoices.getByLabel("Approvers").first().selectOption("2");
  await invoices.getByRole("button", { name: "Save invoices policy" }).click();
  await expect(page.getByText("Invoices policy saved")).toBeVisible();
  const policies = await studio<Array<{ record_kind: string; tiers: Array<{ approvers: number }>; rules: unknown }>>("GET", "/approval_policies", "viewer");
  const invoice = policies.find((policy) => policy.record_kind === "invoice");
  expect(invoice?.tiers[0]?.approvers).toBe(2);
  expect(invoice?.rules).toEqual(rules);

  const withdrawals = page.getByTestId("approval-policy").and(page.locator('[data-kind="withdrawal"]'));
  await expect(withdrawals).toContainText("every withdrawal is sent at once");
  await expect(withdrawals.getByLabel("Approvers").first().locator("option", { hasText: "None: sent at once" })).toHaveCount(1);
  await expect(invoices.getByLabel("Approvers").first().locator("option", { hasText: "None" })).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`the approval policy page has no moderate or worse axe violations at ${width} px`, async ({ as }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = await as("admin");
    await page.setViewportSize({ width, height: 900 });
    await openPolicies(page);
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: testInfo.outputPath(`approval-policies-${width}.png`), fullPage: true });
  });
}

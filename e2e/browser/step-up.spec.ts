// Step-up before money moves (issue 25), in the browser: a session whose password was proved more
// than 5 minutes ago confirms a withdrawal, is asked for the password inside the same dialog
// (labelled, focused, axe-clean; a wrong one said beside the field), and once it is right the very
// same request goes out again (one Idempotency-Key) and withdraws once. The session's check is moved
// back in the server's database, which a test can reach beside the running server only on
// PostgreSQL (a PGlite folder belongs to the server's process): e2e/servers/step-up.test.ts tests
// the route rule on both databases.
import { createHash } from "node:crypto";
import pg from "pg";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BalancesPage } from "./pages/balances-page";
import { InvoiceDetailPage } from "./pages/invoice-detail-page";
import { axeViolations, createInvoice, createPaymentIntent, type InvoiceRecord, keepScreenshot, openInbox, PAYOUT_TARGET, payPaymentIntent, person, studio } from "./support";

// Tagged @postgres: .ci/run's PostgreSQL run runs the browser specs so tagged (`--grep @postgres`).
test.skip(!process.env.DATABASE_URL, "moves a session's password check back in the server's database: PostgreSQL only");

/** Moves the session of the page's context 6 minutes into the past, as far as its password check goes. */
async function ageSessionOf(page: Page) {
  const cookie = (await page.context().cookies()).find((candidate) => /^(__Host-)?studio_session$/.test(candidate.name));
  await agePasswordCheck(cookie!.value);
}

/** Moves the session of `cookieValue` 6 minutes into the past, as far as its password check goes. */
async function agePasswordCheck(cookieValue: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const tokenHash = createHash("sha256").update(cookieValue).digest("hex");
    const aged = await client.query("UPDATE console_sessions SET password_checked_at = now() - interval '6 minutes' WHERE token_hash = $1", [tokenHash]);
    expect(aged.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

test("a withdrawal on a session past its 5 minutes asks for the password in the dialog, then withdraws once", { tag: "@postgres" }, async ({ as }) => {
  const credited = await createPaymentIntent({ crypto_amount: "5", chain: "arb", pay_token: "USDC" });
  expect((await payPaymentIntent(credited.payment_intent_id, "5")).status).toBe("success");
  const admin = await as("admin", { ownSession: true });
  const { page } = admin;
  await ageSessionOf(page);
  const sentKeys: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/withdrawals") sentKeys.push(request.headers()["idempotency-key"] ?? "");
  });

  const balances = new BalancesPage(page);
  await balances.goto();
  await balances.choose("Arbitrum One", "USDC");
  await balances.amount().fill("1.5");
  await balances.address().fill(PAYOUT_TARGET);
  await balances.review();
  await balances.withdrawButton().click();

  const password = balances.dialog.getByLabel("Your password", { exact: true });
  await test.step("the dialog asks for the password in place, focused, and passes axe", async () => {
    await expect(password).toBeVisible();
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute("type", "password");
    await expect(balances.dialog.getByText(/last confirmed more than 5 minutes ago/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  await test.step("a wrong password is said beside the field; nothing was withdrawn", async () => {
    await password.fill("not the password");
    await balances.dialog.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(balances.dialog.getByRole("alert")).toHaveText("The password is wrong");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    expect(await studio<unknown[]>("GET", "/asset_pro/transfers", "admin")).toEqual([]);
  });

  await test.step("the right password sends the same withdrawal again, and it happens once", async () => {
    await password.fill(person("admin").password);
    await balances.dialog.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(balances.result()).toBeVisible();
    await expect(balances.dialog).toBeHidden();
    const withdrawals = await studio<Array<{ amount: string; wallet_address: string }>>("GET", "/asset_pro/transfers", "admin");
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]).toMatchObject({ amount: "1.5", wallet_address: PAYOUT_TARGET });
    // The refused request and its retry: one action, one key.
    expect(sentKeys).toHaveLength(2);
    expect(new Set(sentKeys).size).toBe(1);
  });
});

test("an approver's bulk approval of a withdrawal request asks for the password once, then sends it", { tag: "@postgres" }, async ({ as }) => {
  // This spec's organization alone: from 1,000 USD a withdrawal waits for one approver (the test above withdraws less).
  await studio("PUT", "/approval_policies/withdrawal", "admin", { tiers: [{ from_usd: "0", approvers: 0 }, { from_usd: "1000", approvers: 1 }] });
  const funding = await createPaymentIntent({ crypto_amount: "1500", chain: "polygon", pay_token: "USDC" });
  expect((await payPaymentIntent(funding.payment_intent_id, "1500")).status).toBe("success");
  const polygonUsdc = "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359";
  const request = await studio<{ id: string; status: string }>("POST", "/asset_pro/transfer", "admin", {
    chain_id: "polygon",
    contract_address: polygonUsdc,
    amount: "1200",
    wallet_address: PAYOUT_TARGET,
  });
  expect(request.status).toBe("awaiting_approval");

  const approver = await as("approver", { ownSession: true });
  const { page } = approver;
  await ageSessionOf(page);
  await openInbox(page);
  const row = page.locator(`[data-testid="inbox-row"][data-record="${request.id}"]`);
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Approve selected (1)" }).click();
  await page.getByRole("dialog", { name: "Approve 1 record" }).getByRole("button", { name: "Approve 1 record" }).click();

  const stepUp = page.getByRole("dialog", { name: "Confirm your password" });
  const password = stepUp.getByLabel("Your password", { exact: true });
  await expect(password).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  expect((await studio<{ status: string }>("GET", `/asset_pro/transfer/${request.id}`, "admin")).status).toBe("awaiting_approval");
  await password.fill(person("approver").password);
  await stepUp.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(page.getByTestId("bulk-results")).toContainText(`${request.id}: approved, now submitted`);
  await expect(row).toHaveCount(0);
  // Sent: the sandbox chain may have confirmed it already.
  expect((await studio<{ status: string }>("GET", `/asset_pro/transfer/${request.id}`, "admin")).status).toMatch(/^(submitted|confirmed)$/);
});

for (const width of [1280, 390]) {
  test(`signing a paid invoice by keyboard alone, the password asked on the way, at ${width} px`, { tag: "@postgres" }, async ({ as }, testInfo) => {
    const created = await createInvoice();
    const approved = await studio<InvoiceRecord>("POST", `/invoice/intent/${created.id}/approve`, "approver", {});
    await payPaymentIntent(approved.payment_intent.payment_intent_id, approved.payment_intent.crypto_amount);
    const admin = await as("admin", { ownSession: true });
    const { page } = admin;
    await page.setViewportSize({ width, height: 900 });
    await ageSessionOf(page);
    const detail = new InvoiceDetailPage(page);
    await detail.goto(created.id);
    await detail.expectStatus("Paid");

    const sign = detail.action("Sign");
    await sign.focus();
    await page.keyboard.press("Enter");
    const dialog = detail.dialog();
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole("button", { name: /Confirm sign/ });
    // Tab walks the dialog's controls to its confirm button (a modal keeps focus inside it).
    for (let presses = 0; presses < 10 && !(await confirm.evaluate((button) => button === document.activeElement)); presses++) {
      await page.keyboard.press("Tab");
    }
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Enter");

    const password = dialog.getByLabel("Your password", { exact: true });
    await expect(password).toBeFocused();
    await keepScreenshot(page, { path: testInfo.outputPath(`sign-step-up-${width}.png`) });
    expect(await axeViolations(page, { state: `step-up at ${width} px` })).toEqual([]);
    await page.keyboard.type(person("admin").password);
    await page.keyboard.press("Enter");
    await expect(detail.toast("Invoice signed")).toBeVisible();
    await detail.expectStatus("Signed");
    await expect(dialog).toBeHidden();
    expect((await studio<InvoiceRecord>("GET", `/invoice/intent/${created.id}`, "admin")).status).toBe("signed");
  });
}

// Withdrawal requests in the console (issue 25): over the withdrawal policy's threshold the form's
// result says the withdrawal awaits approval and at which step, the balances page lists it and
// shows its amount reserved, its requester's inbox leaves it out, and an approver's inbox approves
// it, which sends it.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BalancesPage } from "./pages/balances-page";
import { axeViolations, createPaymentIntent, openInbox, PAYOUT_TARGET, payPaymentIntent, studio } from "./support";

const CHAIN = "polygon";
const TOKEN = "USDC";

test("a withdrawal over the threshold waits for approval, shows its step, and an approver's inbox sends it", async ({ as }) => {
  test.setTimeout(180_000);
  // This spec's organization alone: from 1,000 USD a withdrawal needs one approver who is not its requester.
  await studio("PUT", "/approval_policies/withdrawal", "admin", { tiers: [{ from_usd: "0", approvers: 0 }, { from_usd: "1000", approvers: 1 }] });
  const funding = await createPaymentIntent({ crypto_amount: "1500", chain: CHAIN, pay_token: TOKEN });
  expect((await payPaymentIntent(funding.payment_intent_id, "1500")).status).toBe("success");

  const admin = await as("admin");
  const balances = new BalancesPage(admin.page);
  let withdrawalId = "";
  await test.step("the admin's withdrawal becomes a request: nothing sent, its policy step shown", async () => {
    await balances.goto();
    const before = (await balances.balance(CHAIN, TOKEN).innerText()).trim();
    await balances.choose("Polygon PoS", TOKEN);
    await balances.amount().fill("1200");
    await balances.address().fill(PAYOUT_TARGET);
    await balances.review();
    await balances.withdrawButton().click();
    await expect(balances.result()).toContainText("Withdrawal awaiting approval");
    await expect(balances.result().getByTestId("withdrawal-policy-step")).toContainText("approval 1 of 1");
    await expect(balances.result().getByTestId("withdrawal-tx-hash")).toHaveCount(0);
    withdrawalId = (await balances.result().getByTestId("withdrawal-id").innerText()).trim();
    const listed = admin.page.locator(`[data-testid="withdrawal-row"][data-id="${withdrawalId}"]`);
    await expect(listed.getByTestId("withdrawal-status")).toContainText("Awaiting approval");
    await expect(listed.getByTestId("withdrawal-status")).toContainText("Approval 1 of 1");
    // Nothing left the balance yet, but the request reserves its amount: what may be spent leaves
    // it out, and the reservation is shown beside it.
    expect(before).toMatch(/^\d+$/);
    const shown = balances.balance(CHAIN, TOKEN);
    await expect(shown.getByTestId("balance-reserved")).toHaveText("1200 reserved for requests awaiting approval");
    await expect(shown).toHaveText(`${BigInt(before) - 1200n}1200 reserved for requests awaiting approval`);
  });

  await test.step("the balances page with a request is axe-clean at 1280 and 390 px", async () => {
    for (const width of [1280, 390]) {
      await admin.page.setViewportSize({ width, height: 900 });
      await balances.goto();
      await expect(admin.page.locator(`[data-testid="withdrawal-row"][data-id="${withdrawalId}"]`)).toBeVisible();
      expect(await axeViolations(admin.page)).toEqual([]);
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
    await admin.page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("its requester's inbox leaves it out", async () => {
    await openInbox(admin.page);
    await expect(admin.page.locator(`[data-testid="inbox-row"][data-record="${withdrawalId}"]`)).toHaveCount(0);
  });

  await test.step("an approver approves it from the inbox, which sends it", async () => {
    const approver = await as("approver");
    await openInbox(approver.page);
    const row = approver.page.locator(`[data-testid="inbox-row"][data-record="${withdrawalId}"]`);
    await expect(row).toContainText("Withdrawal");
    await expect(row).toContainText("1 of 1");
    await expect(row).toContainText("1200 USDC");
    await row.getByRole("checkbox").check();
    await approver.page.getByRole("button", { name: "Approve selected (1)" }).click();
    const confirm = approver.page.getByRole("dialog", { name: "Approve 1 record" });
    await expect(confirm.getByTestId("confirm-summary")).toContainText("totalling 1200 USDC");
    await confirm.getByRole("button", { name: "Approve 1 record" }).click();
    await expect(approver.page.getByTestId("bulk-results")).toContainText(`${withdrawalId}: approved, now submitted`);
    await expect(row).toHaveCount(0);
  });

  await test.step("the balances page shows it sent and the balance debited", async () => {
    await balances.goto();
    const listed = admin.page.locator(`[data-testid="withdrawal-row"][data-id="${withdrawalId}"]`);
    await expect(listed.getByTestId("withdrawal-status")).toHaveText(/^(Submitted|Sent)$/);
    await expect(balances.ledgerRow(`withdrawal:${withdrawalId}`)).toContainText("Withdrawal");
  });
});

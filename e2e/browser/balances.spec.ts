import { formatUnits, parseUnits } from "../../lib/studio/core/money";
import { expect, test } from "./fixtures";
import { BalancesPage } from "./pages/balances-page";
import { createPaymentIntent, PAYOUT_TARGET, payPaymentIntent, studio } from "./support";

// Polygon USDT is this file's own balance: no other spec and no demo data moves it, so the drop
// seen here is this withdrawal's alone.
const CHAIN = "polygon";
const TOKEN = "USDT";

test("an admin withdraws part of the balance: confirmation shows what leaves, the balance drops by exactly that, the ledger row appears", async ({ as }) => {
  const credited = await createPaymentIntent({ crypto_amount: "7.5", chain: CHAIN, pay_token: TOKEN });
  expect((await payPaymentIntent(credited.payment_intent_id, "7.5")).status).toBe("success");

  const admin = await as("admin");
  const balances = new BalancesPage(admin.page);
  await balances.goto();
  const before = (await balances.balance(CHAIN, TOKEN).innerText()).trim();
  expect(parseUnits(before, 6)).toBeGreaterThanOrEqual(parseUnits("7.5", 6));
  await balances.choose("Polygon PoS", TOKEN);
  await expect(balances.form.getByText(`Available: ${before} ${TOKEN}`)).toBeVisible();

  await test.step("the address is checked as it is typed, for the chosen chain", async () => {
    await balances.address().fill("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD");
    await expect(balances.form.getByText("is not a valid Polygon PoS address")).toBeVisible();
    await expect(balances.address()).toHaveAttribute("aria-invalid", "true");
    await balances.address().fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    await expect(balances.form.getByText("is not a valid Polygon PoS address")).toBeVisible();
    await balances.address().fill(PAYOUT_TARGET);
    await expect(balances.form.getByText("is not a valid Polygon PoS address")).toHaveCount(0);
    await expect(balances.address()).not.toHaveAttribute("aria-invalid", "true");
  });

  await test.step("Max fills the exact available string; more than that or too many places is refused on the field", async () => {
    await balances.form.getByRole("button", { name: /^Max/ }).click();
    await expect(balances.amount()).toHaveValue(before);
    await balances.amount().fill(formatUnits(parseUnits(before, 6) + 1n, 6));
    await expect(balances.form.getByText(`is more than the ${before} ${TOKEN} available`)).toBeVisible();
    await balances.amount().fill("1.0000001");
    await expect(balances.form.getByText("has more than 6 decimal places")).toBeVisible();
  });

  let withdrawalId = "";
  await test.step("the confirmation shows exactly what leaves; a double click withdraws once", async () => {
    await balances.amount().fill("1.25");
    await balances.review();
    await expect(balances.confirmed("Amount")).toHaveText("1.25 USDT");
    await expect(balances.confirmed("Chain")).toHaveText("Polygon PoS");
    await expect(balances.confirmed("Token contract")).toHaveText("0xc2132D05D31c914a87C6611C10748AEb04B58e8F");
    await expect(balances.confirmed("To")).toHaveText(PAYOUT_TARGET);
    await expect(balances.confirmed("Left after")).toHaveText(`${formatUnits(parseUnits(before, 6) - parseUnits("1.25", 6), 6)} USDT`);
    await balances.withdrawButton().dblclick();
    await expect(balances.result()).toBeVisible();
    await expect(balances.result().getByTestId("withdrawal-tx-hash")).toHaveText(/^0x[0-9a-f]{64}$/);
    await expect(balances.result().getByTestId("withdrawal-tx-hash")).toHaveAttribute("href", /^https:\/\/polygonscan\.com\/tx\/0x/);
    withdrawalId = (await balances.result().getByTestId("withdrawal-id").innerText()).trim();
    expect(withdrawalId).toMatch(/^wd_/);
  });

  await test.step("the balance drops by exactly the amount and the ledger row appears", async () => {
    const after = formatUnits(parseUnits(before, 6) - parseUnits("1.25", 6), 6);
    await expect(balances.balance(CHAIN, TOKEN)).toHaveText(after);
    const row = balances.ledgerRow(`withdrawal:${withdrawalId}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText("Withdrawal");
    await expect(row).toContainText("-1.25 USDT");
    // Once, also by the Studio's own account: one withdrawal row for this id and the same balance after a reload.
    const ledger = await studio<Array<{ transfer_id: string | null }>>("GET", `/balances/ledger?chain=${CHAIN}&token=${TOKEN}&kind=withdrawal&page_size=100`, "finance");
    expect(ledger.filter((entry) => entry.transfer_id === withdrawalId)).toHaveLength(1);
    await balances.goto();
    await expect(balances.balance(CHAIN, TOKEN)).toHaveText(after);
  });
});

test("finance sees the balances and the ledger but no withdraw control", async ({ as }) => {
  const finance = await as("finance");
  const balances = new BalancesPage(finance.page);
  await balances.goto();
  await expect(finance.page.getByTestId("ledger-row").first()).toBeVisible();
  await expect(balances.form).toHaveCount(0);
  await expect(finance.page.getByRole("button", { name: /withdraw|max/i })).toHaveCount(0);
  const refused = await finance.page.request.post("/api/withdrawals", {
    headers: { Origin: new URL(finance.page.url()).origin },
    data: { chain_id: CHAIN, contract_address: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F", amount: "1", wallet_address: PAYOUT_TARGET },
  });
  expect(refused.status()).toBe(403);
});

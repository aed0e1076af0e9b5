import { expect, test } from "./fixtures";
import { PaymentIntentDetailPage, PaymentIntentListPage } from "./pages/payment-intent-pages";
import { createPaymentIntent, PAYOUT_TARGET, payPaymentIntent, unique } from "./support";

test("an intent is found by pasting its deposit address or its payment tx hash, and its page shows its groups", async ({ as }) => {
  const groupKey = unique("store");
  const created = await createPaymentIntent({ crypto_amount: "3.25", group_key: groupKey, order_data: { order_id: "A-7" } });
  const paid = await payPaymentIntent(created.payment_intent_id, "3.25");
  expect(paid.status).toBe("success");
  const txHash = paid.payment_tx_hash ?? "";
  expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);

  const finance = await as("finance");
  const list = new PaymentIntentListPage(finance.page);

  await test.step("pasting the deposit address finds exactly that intent, and the URL keeps the search", async () => {
    await list.goto();
    await list.search(created.payment_address);
    expect(await list.ids()).toEqual([created.payment_intent_id]);
    expect(new URL(finance.page.url()).searchParams.get("search")).toBe(created.payment_address);
    expect(await list.statuses()).toEqual(["Succeeded"]);
    // A payment intent has no review step: no tab for it.
    await expect(finance.page.getByRole("navigation", { name: "Status category" }).getByRole("link")).toHaveText([/^All/, /^Awaiting payment/, /^Action required/, /^Completed/, /^Closed/]);
    await list.openTab("Completed");
    expect(new URL(finance.page.url()).searchParams.get("status_category")).toBe("completed");
    expect(await list.ids()).toEqual([created.payment_intent_id]);
  });

  await test.step("pasting the payment's tx hash finds it too; filters combine in the URL", async () => {
    await list.search(txHash);
    expect(await list.ids()).toEqual([created.payment_intent_id]);
    await list.goto(`search=${encodeURIComponent(txHash)}&chain=polygon`);
    expect(await list.ids()).toEqual([]);
    await expect(finance.page.getByLabel("Chain")).toHaveValue("polygon");
    await list.goto(`group_key=${encodeURIComponent(groupKey)}&status=success&token=USDC`);
    expect(await list.ids()).toEqual([created.payment_intent_id]);
    await list.goto(`group_key=${encodeURIComponent(groupKey)}&status=pending`);
    expect(await list.ids()).toEqual([]);
  });

  await test.step("the detail groups amounts, chain and addresses, transactions, deadlines and risk", async () => {
    await list.goto(`search=${encodeURIComponent(txHash)}`);
    await list.open(created.payment_intent_id);
    const detail = new PaymentIntentDetailPage(finance.page);
    await detail.expectStatus("Succeeded");
    for (const name of ["Amounts", "Chain and addresses", "Transactions", "Deadlines", "Risk", "References", "Timeline"]) {
      await expect(detail.section(name), name).toBeVisible();
    }
    await expect(detail.section("Amounts").getByTestId("total-amount-due")).toHaveText("3.25 USDC");
    await expect(detail.section("Amounts").getByTestId("total-received")).toHaveText("3.25 USDC");
    await expect(detail.section("Chain and addresses")).toContainText("Arbitrum One");
    await expect(detail.section("Chain and addresses").getByTestId("detail-payment-address")).toHaveText(created.payment_address);
    await expect(detail.transaction("payment")).toHaveText(txHash);
    await expect(detail.transaction("payment")).toHaveAttribute("href", `https://arbiscan.io/tx/${txHash}`);
    await expect(detail.transaction("settlement")).toHaveText(paid.aggregation_tx_hash ?? "");
    await expect(detail.section("References")).toContainText(groupKey);
    await expect(detail.section("References")).toContainText('"order_id": "A-7"');
    await expect(detail.timelineEntries()).not.toHaveCount(0);
    // Finance may not move funds: no refund, no sandbox payment.
    await expect(detail.action("Refund")).toHaveCount(0);
  });
});

test("an admin pays a pending intent from its page on the sandbox chain, then refunds it", async ({ as }) => {
  const created = await createPaymentIntent({ crypto_amount: "2.5" });
  const admin = await as("admin");
  const detail = new PaymentIntentDetailPage(admin.page);
  await detail.goto(created.payment_intent_id);
  await detail.expectStatus("Pending");
  await expect(detail.section("Deadlines")).toContainText("left");
  await expect(detail.action("Refund")).toHaveCount(0);

  await detail.simulatePayment("2.5");
  await detail.expectStatus("Succeeded");
  await expect(detail.transaction("payment")).toHaveText(/^0x[0-9a-f]{64}$/);

  await detail.action("Refund").click();
  await detail.dialog().getByLabel("Refund address").fill(PAYOUT_TARGET);
  await detail.dialog().getByLabel("Reason").fill("order cancelled");
  await detail.confirm(/^Confirm refund$/);
  await expect(detail.toast("Refund recorded")).toBeVisible();
  await detail.expectStatus("Refunded");
  await expect(detail.transaction("refund")).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(detail.action("Refund")).toHaveCount(0);
});

import { PAYOUT_ACTION_BUTTONS } from "./pages/payout-detail-page";
import { expect, test } from "./fixtures";
import { createPayout, PAYOUT_TARGET, studio, unique } from "./support";

test("a payout goes from finance through approval and sandbox funding to completed, with the transfer hash", async ({ as }) => {
  const recipient = unique("Payout Recipient");
  const finance = await as("finance");
  let payoutId = "";
  let payoutNumber = "";

  await test.step("finance creates a payout and sees the fee as the amounts are typed", async () => {
    const form = finance.payouts.form;
    await form.gotoNew();
    await form.fillRecipient({ name: recipient, email: "payee@vendor.example", organization: "Vendor Ltd", organizationEmail: "ar@vendor.example" });
    await form.fillAmounts({ gross: "100", net: "98" });
    await expect(form.live("fee")).toHaveText("2 USDC");
    await form.fillAmounts({ net: "98.5" });
    await expect(form.live("gross")).toHaveText("100 USDC");
    await expect(form.live("fee")).toHaveText("1.5 USDC");
    await expect(form.live("net")).toHaveText("98.5 USDC");
    await form.fillTarget(PAYOUT_TARGET);
    await form.submit();
    const detail = finance.payouts.detail;
    await expect(detail.heading()).toBeVisible();
    await expect(detail.toast(/^Payout PO-\d{4}-\d+ created$/)).toBeVisible();
    await detail.expectStatus("Pending approval");
    await expect(detail.total("Gross amount")).toHaveText("100 USDC");
    await expect(detail.total("Fee")).toHaveText("1.5 USDC");
    await expect(detail.total("Net to recipient")).toHaveText("98.5 USDC");
    await expect(detail.target()).toHaveText(PAYOUT_TARGET);
    payoutId = finance.page.url().split("/payouts/")[1] ?? "";
    payoutNumber = (await detail.heading().innerText()).replace("Payout ", "");
    expect(payoutId).toMatch(/^po_/);
  });

  await test.step("its creator sees Edit but neither Approve nor Reject", async () => {
    await expect(finance.payouts.detail.action("Approve")).toHaveCount(0);
    await expect(finance.payouts.detail.action("Reject")).toHaveCount(0);
    await expect(finance.page.getByRole("link", { name: "Edit" })).toBeVisible();
  });

  const approver = await as("approver");
  await test.step("the approver finds it under Pending review and approves it", async () => {
    const list = approver.payouts.list;
    await list.goto();
    await list.openTab("Pending review");
    await list.search(recipient);
    await expect.poll(() => list.ids()).toEqual([payoutNumber]);
    await list.open(payoutNumber);
    const detail = approver.payouts.detail;
    await detail.action("Approve").click();
    await expect(detail.dialog()).toContainText(PAYOUT_TARGET);
    await detail.confirm(/Confirm approve/);
    await expect(detail.toast("Payout approved")).toBeVisible();
    await detail.expectStatus("Approved");
    await expect(approver.page.getByTestId("payment-address")).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(approver.page.getByRole("img", { name: /QR code of 0x/ })).toBeVisible();
    await expect(detail.total("Amount due")).toHaveText("100 USDC");
    await expect(detail.total("Deadline")).toContainText(/\(\d+ (d|h|min)/);
  });

  const admin = await as("admin");
  await test.step("an admin funds it in the sandbox and the net goes out: completed, with the transfer hash", async () => {
    const detail = admin.payouts.detail;
    await detail.goto(payoutId);
    await expect(approver.page.getByRole("button", { name: "Simulate payment" })).toHaveCount(0);
    await detail.simulatePayment("100");
    await expect(detail.toast("Sandbox payment sent")).toBeVisible();
    await detail.expectStatus("Completed");
    await expect(detail.total("Received")).toHaveText("100 USDC");
    const record = await studio("GET", `/payout/intent/${payoutId}`, "viewer");
    const transferHash: string = record.payment_intent.aggregation_tx_hash;
    expect(transferHash).toMatch(/^0x[0-9a-f]{64}$/);
    const transfer = admin.page.getByRole("listitem").filter({ hasText: "Payout transfer:" });
    await expect(transfer.getByRole("link")).toHaveText(transferHash);
    await expect(transfer.getByRole("link")).toHaveAttribute("href", `https://arbiscan.io/tx/${transferHash}`);
    await expect(admin.page.getByRole("button", { name: "Simulate payment" })).toHaveCount(0);
  });

  await test.step("the timeline shows every step with names", async () => {
    const entries = admin.payouts.detail.timelineEntries();
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText("Pending approval");
    await expect(entries.nth(0)).toContainText("Fiona Finance");
    await expect(entries.nth(1)).toContainText("Pending approval → Approved");
    await expect(entries.nth(1)).toContainText("Avery Approver");
    await expect(entries.nth(2)).toContainText("Approved → Completed");
    await expect(entries.nth(2)).toContainText("System");
  });

  await test.step("the list shows it under Completed", async () => {
    await finance.payouts.list.goto(`status_category=completed&search=${encodeURIComponent(recipient)}`);
    await expect.poll(() => finance.payouts.list.statuses()).toEqual(["Completed"]);
  });
});

test("an underfunded payout is refunded by an admin", async ({ as }) => {
  const payout = await createPayout();
  await studio("POST", `/payout/intent/${payout.id}/approve`, "approver", {});

  const admin = await as("admin");
  const detail = admin.payouts.detail;
  await detail.goto(payout.id);
  await detail.simulatePayment("40");
  await detail.expectStatus("Underfunded");
  await expect(detail.total("Underpaid by")).toHaveText("60 USDC");

  const approver = await as("approver");
  await approver.payouts.detail.goto(payout.id);
  await approver.payouts.detail.expectStatus("Underfunded");
  await expect(approver.payouts.detail.action("Refund")).toHaveCount(0);

  await detail.action("Refund").click();
  await detail.confirm(/Confirm refund/);
  await expect(detail.dialog().getByRole("alert")).toHaveText("A refund address and a reason are required.");
  const reason = unique("Funding fell short");
  await detail.dialog().getByLabel("Refund address").fill(PAYOUT_TARGET);
  await detail.dialog().getByLabel("Reason").fill(reason);
  await detail.confirm(/Confirm refund/);
  await expect(detail.toast("Refund recorded")).toBeVisible();
  await detail.expectStatus("Refunded");
  await expect(admin.page.getByRole("listitem").filter({ hasText: "Refund:" }).getByRole("link")).toHaveText(/^0x[0-9a-f]{64}$/);
  for (const name of PAYOUT_ACTION_BUTTONS) await expect(detail.action(name)).toHaveCount(0);
  const last = detail.timelineEntries().last();
  await expect(last).toContainText("Underfunded → Refunded");
  await expect(last).toContainText("Ada Admin");
  await expect(last).toContainText(`Reason: ${reason}`);
});

test("a viewer sees no action buttons, no sandbox box and no New payout", async ({ as }) => {
  const pending = await createPayout();
  const approved = await createPayout();
  await studio("POST", `/payout/intent/${approved.id}/approve`, "approver", {});
  const viewer = await as("viewer");
  for (const payout of [pending, approved]) {
    await viewer.payouts.detail.goto(payout.id);
    await viewer.payouts.detail.expectStatus(payout === pending ? "Pending approval" : "Approved");
    for (const name of PAYOUT_ACTION_BUTTONS) await expect(viewer.payouts.detail.action(name)).toHaveCount(0);
    await expect(viewer.page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  }
  await viewer.payouts.list.goto();
  await expect(viewer.page.getByRole("link", { name: "New payout" })).toHaveCount(0);
});

// As the API: only approving is maker-checker; the creator may reject their own payout (issue 25).
test("maker-checker: the admin who created a payout may edit or reject it but not approve it", async ({ as }) => {
  const payout = await createPayout(unique("Own Payee"), {}, "admin");
  const admin = await as("admin");
  await admin.payouts.detail.goto(payout.id);
  await expect(admin.page.getByRole("link", { name: "Edit" })).toBeVisible();
  await expect(admin.payouts.detail.action("Approve")).toHaveCount(0);
  await expect(admin.payouts.detail.action("Reject")).toHaveCount(1);
});

test("a rejected payout is edited and resubmitted, with the fee recomputed", async ({ as }) => {
  const payout = await createPayout();
  const approver = await as("approver");
  await approver.payouts.detail.goto(payout.id);
  await approver.payouts.detail.action("Reject").click();
  await approver.payouts.detail.confirm(/Confirm reject/);
  await expect(approver.payouts.detail.dialog().getByRole("alert")).toHaveText("A reason is required to reject a payout.");
  await approver.payouts.detail.dialog().getByLabel("Reason").fill("Net too high");
  await approver.payouts.detail.confirm(/Confirm reject/);
  await approver.payouts.detail.expectStatus("Rejected");

  const finance = await as("finance");
  await finance.payouts.detail.goto(payout.id);
  await finance.page.getByRole("link", { name: "Edit" }).click();
  await expect(finance.page.getByRole("heading", { name: `Edit payout ${payout.payout_id}` })).toBeVisible();
  await expect(finance.page.getByLabel("Recipient name")).toHaveValue(payout.recipient_name);
  await finance.payouts.form.fillAmounts({ net: "97.25" });
  await expect(finance.payouts.form.live("fee")).toHaveText("2.75 USDC");
  await finance.page.getByRole("button", { name: "Save and resubmit" }).click();
  await expect(finance.payouts.detail.toast("Payout saved")).toBeVisible();
  await finance.payouts.detail.expectStatus("Pending approval");
  await expect(finance.payouts.detail.total("Fee")).toHaveText("2.75 USDC");
  await expect(finance.payouts.detail.timelineEntries().last()).toContainText("Rejected → Pending approval");
});

test("the form checks the split live and shows the API's field errors", async ({ as }) => {
  const finance = await as("finance");
  const form = finance.payouts.form;
  await form.gotoNew();
  await form.fillRecipient({ name: unique("Payee"), email: "payee@vendor.example", organization: "Vendor Ltd", organizationEmail: "ar@vendor.example" });
  await form.fillAmounts({ gross: "10", net: "12" });
  await expect(form.live("fee")).toHaveText("—");
  await expect(finance.page.getByTestId("form-split-error")).toContainText("must not exceed amount 10");
  await form.submit();
  await expect(finance.page.getByLabel(/^Net to recipient/)).toHaveAttribute("aria-invalid", "true");

  // Crypto pricing on BNB Smart Chain: the token's 18 decimals.
  await finance.page.getByLabel("Chain").selectOption("bsc");
  await form.fillAmounts({ gross: "1", net: "0.999999999999999999" });
  await expect(form.live("fee")).toHaveText("0.000000000000000001 USDC");

  await form.fillTarget("0xnot-an-address");
  await form.submit();
  await expect(finance.page.getByLabel("Payout target address")).toHaveAttribute("aria-invalid", "true");
  await expect(finance.page.getByRole("alert").filter({ hasText: "payout_target_address" })).toBeVisible();
});

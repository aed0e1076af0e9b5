import { ACTION_BUTTONS } from "./pages/invoice-detail-page";
import { expect, test } from "./fixtures";
import { createInvoice, unique } from "./support";

test("an invoice goes from finance through approval, an overpayment and sign-off, all on the timeline", async ({ as }) => {
  const recipient = unique("Workflow Recipient");
  const refundAddress = "0x" + "ab".repeat(20);

  const finance = await as("finance");
  let invoiceId = "";
  let invoiceNumber = "";
  await test.step("finance creates an invoice with two line items and sees the total", async () => {
    await finance.form.gotoNew();
    await finance.form.fillRecipient({
      name: recipient,
      email: "payer@customer.example",
      organization: "Customer Ltd",
      organizationEmail: "ap@customer.example",
    });
    await finance.form.fillItems([
      { name: "Design work", quantity: "2", unitPrice: "50", tax: "5" },
      { name: "Hosting", quantity: "1", unitPrice: "19.99" },
    ]);
    await expect(finance.form.total()).toHaveText("124.99 USD");
    await finance.form.submit();
    await expect(finance.page.getByRole("heading", { name: /^Invoice / })).toBeVisible();
    await finance.detail.expectStatus("Pending approval");
    await expect(finance.detail.total("Subtotal")).toHaveText("119.99 USD");
    await expect(finance.detail.total("Tax")).toHaveText("5.00 USD");
    await expect(finance.detail.total("Total")).toHaveText("124.99 USD");
    invoiceId = finance.page.url().split("/invoices/")[1] ?? "";
    invoiceNumber = ((await finance.page.getByRole("heading", { name: /^Invoice / }).innerText()) ?? "").replace("Invoice ", "");
    expect(invoiceId).not.toBe("");
  });

  await test.step("finance sees no approve button on it", async () => {
    await expect(finance.detail.action("Approve")).toHaveCount(0);
    await expect(finance.page.getByRole("link", { name: "Edit" })).toBeVisible();
  });

  const approver = await as("approver");
  await test.step("approver finds it under the pending tab and approves", async () => {
    await approver.list.goto();
    await approver.list.openTab("Pending review");
    await approver.list.search(recipient);
    await expect.poll(() => approver.list.invoiceIds()).toEqual([invoiceNumber]);
    await approver.list.open(invoiceNumber);
    await approver.detail.action("Approve").click();
    await expect(approver.detail.dialog()).toBeVisible();
    await approver.detail.confirm(/Confirm approve/);
    await expect(approver.detail.toast("Invoice approved")).toBeVisible();
    await approver.detail.expectStatus("Approved");
    await expect(approver.page.getByTestId("payment-address")).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(approver.page.getByRole("img", { name: /QR code of 0x/ })).toBeVisible();
  });

  const admin = await as("admin");
  await test.step("the invoice is paid over the amount in the sandbox", async () => {
    await admin.detail.goto(invoiceId);
    await expect(admin.detail.total("Amount due")).toHaveText(/^124\.99\d* USDC$/);
    await admin.detail.simulatePayment("130");
    await admin.detail.expectStatus("Paid");
    await expect(admin.detail.total("Received")).toHaveText("130 USDC");
    await expect(admin.detail.total("Overpaid by")).toHaveText(/^5\.01\d* USDC$/);
    await expect(admin.page.getByRole("link", { name: /^0x[0-9a-f]{64}$/ }).first()).toHaveAttribute("href", /^https:\/\/arbiscan\.io\/tx\//);
  });

  await test.step("admin signs with a refund address for the excess", async () => {
    await admin.detail.action("Sign").click();
    await expect(admin.page.getByTestId("sign-excess")).toHaveText(/5\.01\d* USDC/);
    await admin.detail.confirm(/Confirm sign/);
    await expect(admin.detail.dialog().getByRole("alert")).toHaveText(/refund address is required/);
    await admin.detail.dialog().getByLabel("Refund address").fill(refundAddress);
    await admin.detail.confirm(/Confirm sign/);
    await expect(admin.detail.toast("Invoice signed")).toBeVisible();
    await admin.detail.expectStatus("Signed");
    for (const name of ACTION_BUTTONS) await expect(admin.detail.action(name)).toHaveCount(0);
  });

  await test.step("the timeline shows every step with names and reasons", async () => {
    const entries = admin.detail.timelineEntries();
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText("Pending approval");
    await expect(entries.nth(0)).toContainText("Fiona Finance");
    await expect(entries.nth(0)).toContainText("Reason: created");
    await expect(entries.nth(1)).toContainText("Pending approval → Approved");
    await expect(entries.nth(1)).toContainText("Avery Approver");
    await expect(entries.nth(2)).toContainText("Approved → Paid");
    await expect(entries.nth(2)).toContainText("System");
    await expect(entries.nth(3)).toContainText("Paid → Signed");
    await expect(entries.nth(3)).toContainText("Ada Admin");
  });

  await test.step("the list shows the new status without a reload of the form", async () => {
    await finance.list.goto(`search=${encodeURIComponent(recipient)}`);
    await expect(finance.list.rows).toHaveCount(1);
    await expect(finance.list.rows.first()).toContainText("Signed");
  });
});

test("viewer sees no action buttons", async ({ as }) => {
  const invoice = await createInvoice();
  const viewer = await as("viewer");
  await viewer.detail.goto(invoice.id);
  await viewer.detail.expectStatus("Pending approval");
  for (const name of ACTION_BUTTONS) await expect(viewer.detail.action(name)).toHaveCount(0);
  await expect(viewer.page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await viewer.list.goto();
  await expect(viewer.page.getByRole("link", { name: "New invoice" })).toHaveCount(0);
  await expect(viewer.page.getByTestId("viewer-role")).toHaveText("Viewer");
});

test("approver rejects with a required reason, shown on the timeline", async ({ as }) => {
  const invoice = await createInvoice();
  const approver = await as("approver");
  await approver.detail.goto(invoice.id);
  await approver.detail.action("Reject").click();
  await approver.detail.confirm(/Confirm reject/);
  await expect(approver.detail.dialog().getByRole("alert")).toHaveText("A reason is required to reject an invoice.");
  const reason = unique("Wrong bank details");
  await approver.detail.dialog().getByLabel("Reason").fill(reason);
  await approver.detail.confirm(/Confirm reject/);
  await expect(approver.detail.toast("Invoice rejected")).toBeVisible();
  await approver.detail.expectStatus("Rejected");
  const last = approver.detail.timelineEntries().last();
  await expect(last).toContainText("Pending approval → Rejected");
  await expect(last).toContainText("Avery Approver");
  await expect(last).toContainText(`Reason: ${reason}`);

  const finance = await as("finance");
  await finance.detail.goto(invoice.id);
  await finance.page.getByRole("link", { name: "Edit" }).click();
  await expect(finance.page.getByRole("heading", { name: /^Edit invoice/ })).toBeVisible();
  await expect(finance.page.getByLabel("Recipient name")).toHaveValue(invoice.recipient_name);
  await finance.page.getByLabel("Item 1 quantity", { exact: true }).fill("3");
  await expect(finance.form.total()).toHaveText("63.00 USD");
  await finance.page.getByRole("button", { name: "Save and resubmit" }).click();
  await expect(finance.detail.toast("Invoice saved")).toBeVisible();
  await finance.detail.expectStatus("Pending approval");
  await expect(finance.detail.total("Total")).toHaveText("63.00 USD");
  await expect(finance.detail.timelineEntries().last()).toContainText("Rejected → Pending approval");
});

test("the form shows validation errors on the matching fields", async ({ as }) => {
  const finance = await as("finance");
  await finance.form.gotoNew();
  await finance.page.getByLabel("Recipient email").fill("not-an-email");
  await finance.form.submit();
  await expect(finance.page.getByText("must be a valid email address")).toBeVisible();
  await expect(finance.page.getByLabel("Recipient email")).toHaveAttribute("aria-invalid", "true");
  await expect(finance.page.getByLabel("Item 1 name", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

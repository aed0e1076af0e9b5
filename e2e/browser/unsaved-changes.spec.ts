// A form with unsaved changes asks before the console leaves it: by a link, by the `g` keys or
// the command palette, and (the browser's own question) by closing the tab. An unchanged form,
// Discard and a successful save leave without asking.
import { expect, test } from "./fixtures";
import { axeViolations, createInvoice, createPayout, keepScreenshot, pressOnceListening, studio, unique } from "./support";

const LEAVE_DIALOG = { name: "Leave without saving?" };

test("a changed invoice asks before a link leaves it: Back keeps the typing, Leave drops it", async ({ as }, testInfo) => {
  const invoice = await createInvoice(unique("Unsaved"));
  const { page } = await as("finance");
  await page.goto(`/invoices/${invoice.id}/edit`);
  const recipient = page.getByLabel("Recipient name");
  await expect(recipient).toHaveValue(invoice.recipient_name);
  await recipient.fill("Typed But Not Saved");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Payouts" }).click();
  const dialog = page.getByRole("dialog", LEAVE_DIALOG);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}/edit$`));
  // The safe answer has the focus: Enter or Escape stays.
  await expect(dialog.getByRole("button", { name: "Back" })).toBeFocused();
  // Phone width first: the steps after this use the desktop nav's links.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeViolations(page, { state: `leave dialog @${width}px`, within: "dialog[open]" })).toEqual([]);
    await keepScreenshot(page, { path: testInfo.outputPath(`unsaved-leave-${width}.png`) });
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(recipient).toHaveValue("Typed But Not Saved");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Payouts" }).click();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(recipient).toHaveValue("Typed But Not Saved");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Payouts" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/payouts$/);
  expect((await studio<{ recipient_name: string }>("GET", `/invoice/intent/${invoice.id}`, "viewer")).recipient_name).toBe(invoice.recipient_name);
});

test("an unchanged form, Discard and a save leave without asking", async ({ as }) => {
  const invoice = await createInvoice(unique("Unsaved"));
  const { page } = await as("finance");
  await page.goto(`/invoices/${invoice.id}/edit`);
  await expect(page.getByLabel("Recipient name")).toHaveValue(invoice.recipient_name);
  await page.getByRole("link", { name: "← Back to the invoice" }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(page.getByRole("dialog", LEAVE_DIALOG)).toHaveCount(0);

  await page.goto(`/invoices/${invoice.id}/edit`);
  await page.getByLabel("Recipient name").fill("Discarded Name");
  await page.getByRole("link", { name: "Discard" }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(page.getByRole("dialog", LEAVE_DIALOG)).toHaveCount(0);

  await page.goto(`/invoices/${invoice.id}/edit`);
  const saved = unique("Saved Name");
  await page.getByLabel("Recipient name").fill(saved);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(invoice.invoice_id);
  await expect(page.getByRole("dialog", LEAVE_DIALOG)).toHaveCount(0);
  expect((await studio<{ recipient_name: string }>("GET", `/invoice/intent/${invoice.id}`, "viewer")).recipient_name).toBe(saved);
});

test("a changed payout asks before the `g` keys and the palette leave it, and the browser asks before the tab closes", async ({ as }) => {
  const payout = await createPayout(unique("Unsaved"));
  const { page } = await as("finance");
  await page.goto(`/payouts/${payout.id}/edit`);
  await page.getByLabel("Recipient name").fill("Typed But Not Saved");
  // Out of the field, so the page's keys are not typing.
  await page.getByRole("heading", { level: 1 }).click();
  const dialog = page.getByRole("dialog", LEAVE_DIALOG);
  await page.keyboard.press("g");
  await page.keyboard.press("i");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(new RegExp(`/payouts/${payout.id}/edit$`));

  const palette = page.getByRole("dialog", { name: "Find a record" });
  const field = palette.getByRole("combobox", { name: "Number, id, address or tx hash" });
  await pressOnceListening(page, "Control+k", () => expect(field).toBeFocused({ timeout: 1_000 }));
  await field.fill(payout.payout_id);
  await expect(palette.getByRole("option", { name: new RegExp(`^Payout ${payout.payout_id}`) })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(new RegExp(`/payouts/${payout.id}$`));

  await page.goto(`/payouts/${payout.id}/edit`);
  await page.getByLabel("Recipient name").fill("Typed Again");
  const asked = new Promise<string>((resolve) => page.once("dialog", (question) => (resolve(question.type()), void question.dismiss())));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
});

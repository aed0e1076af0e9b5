// The console's keyboard (issue 27): Ctrl/⌘-K opens a palette that jumps to a record by number,
// id, address or tx hash; `/` focuses the list's search; `g` then i/p/b/d goes to a section; `?`
// lists the keys. None of them fire while the person types.
import { expect, test } from "./fixtures";
import { axeViolations, createInvoice, keepScreenshot, openInbox, pressOnceListening, studio } from "./support";

test("the palette finds an invoice by the hash of its payment and opens it with Enter", async ({ as }, testInfo) => {
  const invoice = await createInvoice();
  const approved = await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver");
  const paid = await studio<{ transfer: { tx_hash: string } }>("POST", "/sandbox/pay", "admin", {
    payment_address: approved.payment_intent.payment_address,
    amount: approved.payment_intent.crypto_amount,
  });
  const { page } = await as("viewer");
  await page.goto("/payouts");
  const palette = page.getByRole("dialog", { name: "Find a record" });
  const field = palette.getByRole("combobox", { name: "Number, id, address or tx hash" });
  await pressOnceListening(page, "Control+k", () => expect(field).toBeFocused({ timeout: 1_000 }));
  await field.fill(paid.transfer.tx_hash);
  const found = palette.getByRole("option", { name: new RegExp(`^Invoice ${approved.invoice_id}`) });
  await expect(found).toBeVisible();
  await expect(found).toHaveAttribute("aria-selected", "true");
  await expect(palette.getByRole("status")).toHaveText("1 record found.");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeViolations(page, { state: `palette @${width}px`, within: "dialog[open]" })).toEqual([]);
    await keepScreenshot(page, { path: testInfo.outputPath(`palette-${width}.png`) });
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(palette).toBeHidden();

  // Something no record has: said plainly, and the lists' search is offered instead.
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByRole("combobox").fill("no-such-thing-42");
  await expect(page.getByRole("status").filter({ hasText: "No record has" })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { name: /Search payouts for “no-such-thing-42”/ })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/payouts\?search=no-such-thing-42$/);
});

test("`/`, `g` sequences and `?` work from the page but never while typing", async ({ as }) => {
  const { page } = await as("finance");
  await page.goto("/invoices");
  await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search" });
  await pressOnceListening(page, "/", () => expect(search).toBeFocused({ timeout: 1_000 }));
  // Typed into the field: "g p" is text, not a jump.
  await page.keyboard.type("gp");
  await expect(search).toHaveValue("gp");
  await expect(page).toHaveURL(/\/invoices$/);
  await search.blur();

  await page.keyboard.press("g");
  await page.keyboard.press("p");
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await page.keyboard.press("g");
  await page.keyboard.press("b");
  await expect(page.getByRole("heading", { name: "Balances", level: 1 })).toBeVisible();
  await page.keyboard.press("g");
  await page.keyboard.press("i");
  await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();

  await page.keyboard.press("?");
  const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(keys).toContainText("Go to payouts");
  await expect(keys).toContainText("Find a record");
  await page.keyboard.press("Escape");
  await expect(keys).toBeHidden();
});

test("on the inbox, `?` shows the inbox's own keys and only one dialog", async ({ as }) => {
  const { page } = await as("approver");
  await openInbox(page);
  const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await pressOnceListening(page, "?", () => expect(keys).toBeVisible({ timeout: 1_000 }));
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect(keys).toContainText("Move down / up");
});

// The main navigation on a phone (issue 27): under 640 px a Menu button opens the links instead of
// three wrapped lines of them; it reports its state, moves focus in, and Escape or a followed link closes it.
import { expect, test } from "./fixtures";

test("at 390 px a menu button opens and closes the navigation from mouse and keyboard", async ({ as }) => {
  const { page } = await as("admin");
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/invoices");
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("button", { name: "Menu" });
  const payouts = nav.getByRole("link", { name: "Payouts" });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(payouts).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  // The panel's first link (an admin approves, so the inbox), then on down the list.
  await expect(nav.getByRole("link").first()).toBeFocused();
  await expect(nav.getByRole("link").first()).toHaveText(/^Inbox/);
  await expect(nav.getByRole("link", { name: "Invoices" })).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link").nth(1)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(payouts).toBeHidden();
  await expect(menu).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await payouts.click();
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(payouts).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test("from 640 px the links show in a row and there is no menu button", async ({ as }) => {
  const { page } = await as("viewer");
  for (const width of [640, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/payouts");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(nav.getByRole("link", { name: "Payouts" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Payouts" })).toHaveAttribute("aria-current", "page");
  }
});

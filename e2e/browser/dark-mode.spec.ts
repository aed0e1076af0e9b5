// Dark mode (issue 27): the theme follows the system unless the person chose Light or Dark on their
// account page; the choice is kept per browser in a cookie the server reads, so the first HTML
// already has it. The console's pages are audited for colour in the dark theme in the same pass as
// the light one (axe-states.ts audit, support.ts axeViolationsInBothThemes: every state of the
// accessibility spec, the dashboard and the inbox, at both widths); both ways in paint through the
// one `dark` variant of app/theme.css, and this spec shows that the switch and the system's
// setting each reach it. Screenshots of the dark pages are kept in the test output (not in CI).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations, baseUrl, COLOUR_RULES, createInvoice, keepScreenshot, shadeOf, studio } from "./support";

test.describe.configure({ mode: "parallel" });

const colorScheme = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);

/** The theme attribute of the page's first HTML, as the server sent it (before any script ran). */
async function firstHtmlTheme(page: Page, path: string): Promise<string | undefined> {
  const html = await (await page.request.get(path)).text();
  return /<html[^>]*\sdata-theme="([^"]*)"/.exec(html)?.[1];
}

async function chooseTheme(page: Page, label: "System" | "Light" | "Dark") {
  await page.goto("/account");
  await page.getByRole("group", { name: "Theme" }).getByText(label, { exact: true }).click();
  await expect(page.getByRole("radio", { name: label })).toBeChecked();
}

test("the theme follows the system until the person chooses, and the choice survives a reload and reaches the first HTML", async ({ as }) => {
  const { page } = await as("viewer");
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/account");
  await expect(page.getByRole("radio", { name: "System" })).toBeChecked();
  expect(await firstHtmlTheme(page, "/invoices")).toBe("system");
  expect(await shadeOf(page)).toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => shadeOf(page)).toBe("dark");
  expect(await colorScheme(page)).toBe("dark");

  // Light wins over a dark system, at once and after a reload.
  await chooseTheme(page, "Light");
  await expect.poll(() => shadeOf(page)).toBe("light");
  expect(await colorScheme(page)).toBe("light");
  await page.reload();
  await expect(page.getByRole("radio", { name: "Light" })).toBeChecked();
  expect(await shadeOf(page)).toBe("light");
  expect(await firstHtmlTheme(page, "/invoices")).toBe("light");

  // Dark wins over a light system, on every page, from the first HTML on.
  await page.emulateMedia({ colorScheme: "light" });
  await chooseTheme(page, "Dark");
  await expect.poll(() => shadeOf(page)).toBe("dark");
  await page.reload();
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  expect(await shadeOf(page)).toBe("dark");
  expect(await colorScheme(page)).toBe("dark");
  expect(await firstHtmlTheme(page, "/invoices")).toBe("dark");
  await page.goto("/invoices");
  expect(await shadeOf(page)).toBe("dark");

  // Back to System: the system's setting rules again.
  await chooseTheme(page, "System");
  await expect.poll(() => shadeOf(page)).toBe("light");
  expect(await firstHtmlTheme(page, "/invoices")).toBe("system");
});

test("a cookie naming no theme is read as System", async ({ page }) => {
  await page.context().addCookies([{ name: "studio_theme", value: "purple", url: baseUrl }]);
  expect(await firstHtmlTheme(page, "/sign-in")).toBe("system");
});

test("signed out, the browser keeps its choice: the sign-in page is dark from its first HTML on", async ({ page }) => {
  await page.context().addCookies([{ name: "studio_theme", value: "dark", url: baseUrl }]);
  await page.emulateMedia({ colorScheme: "light" });
  expect(await firstHtmlTheme(page, "/sign-in")).toBe("dark");
  await page.goto("/sign-in");
  expect(await shadeOf(page)).toBe("dark");
  expect(await axeViolations(page, { state: "sign-in, chosen dark", rules: COLOUR_RULES })).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`dark screenshots of the dashboard, the invoice list, an invoice and the account page at ${width} px`, async ({ as }, testInfo) => {
    const pending = await createInvoice();
    const invoice = await createInvoice();
    await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
    const admin = await as("admin");
    const { page } = admin;
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width, height: 900 });

    await page.goto("/");
    await expect(page.getByTestId("dashboard")).toHaveAttribute("data-state", "ready");
    expect(await shadeOf(page)).toBe("dark");
    await keepScreenshot(page, { path: testInfo.outputPath(`dark-dashboard-${width}.png`), fullPage: true });

    await admin.list.goto();
    await expect(admin.list.rows.first()).toBeVisible();
    await keepScreenshot(page, { path: testInfo.outputPath(`dark-invoice-list-${width}.png`), fullPage: true });

    await admin.detail.goto(invoice.id);
    await expect(page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
    await keepScreenshot(page, { path: testInfo.outputPath(`dark-invoice-${width}.png`), fullPage: true });

    await admin.detail.goto(pending.id);
    await admin.detail.action("Reject").click();
    await expect(admin.detail.dialog()).toBeVisible();
    await keepScreenshot(page, { path: testInfo.outputPath(`dark-invoice-dialog-${width}.png`) });
    await page.keyboard.press("Escape");

    await page.goto("/account");
    await expect(page.getByRole("radio", { name: "System" })).toBeChecked();
    await keepScreenshot(page, { path: testInfo.outputPath(`dark-account-${width}.png`), fullPage: true });
  });
}

test("the hosted payment page follows a dark system setting and stays axe-clean", async ({ page }, testInfo) => {
  const invoice = await createInvoice();
  const approved = await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
  await page.emulateMedia({ colorScheme: "dark" });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Only the URL's path: the link's origin is PUBLIC_URL's (unset in tests: localhost).
    await page.goto(new URL(approved.payment_intent.kg_deep_link).pathname);
    await expect(page.getByTestId("pay-state")).toHaveAttribute("data-state", "awaiting");
    expect(await shadeOf(page)).toBe("dark");
    expect(await axeViolations(page, { state: `pay page @${width}px` })).toEqual([]);
    await keepScreenshot(page, { path: testInfo.outputPath(`dark-pay-${width}.png`), fullPage: true });
  }
});

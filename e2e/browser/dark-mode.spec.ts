// Dark mode (issue 27): the theme follows the system unless the person chose Light or Dark on their
// account page; the choice is kept per browser in a cookie the server reads, so the first HTML
// already has it. The console's main pages are axe-clean in the dark theme, reached both through
// the switch and through the system's setting, with screenshots kept in the test output.
import type { Page } from "@playwright/test";
import { audit, invoiceRecords, payoutRecords, recordStates } from "./axe-states";
import { expect, test, type Console } from "./fixtures";
import { BalancesPage } from "./pages/balances-page";
import { SignInPage } from "./pages/sign-in-page";
import { TeamSettingsPage } from "./pages/team-pages";
import { axeViolations, baseUrl, createInvoice, createPaymentIntent, openInbox, PAYOUT_TARGET, studio } from "./support";

test.describe.configure({ mode: "parallel" });

type Shade = "dark" | "light";

/** Whether the page body is painted dark or light: its background colour's luminance, as the browser resolves it. */
async function shadeOf(page: Page): Promise<Shade> {
  const luminance = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 255;
  });
  return luminance < 0.5 ? "dark" : "light";
}

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

/** The console's main pages beyond the invoice and payout states, each reached in its loaded state. */
function consoleStates(admin: Console): Array<[string, () => Promise<void>]> {
  const { page } = admin;
  const balances = new BalancesPage(page);
  return [
    ["dashboard", async () => {
      await page.goto("/");
      await expect(page.getByTestId("dashboard")).toHaveAttribute("data-state", "ready");
    }],
    ["balances, the withdrawal confirmation", async () => {
      await balances.goto();
      await balances.address().fill(PAYOUT_TARGET);
      await balances.amount().fill("0.01");
      await balances.review();
    }],
    ["inbox", () => openInbox(page)],
    ["team settings", () => new TeamSettingsPage(page).goto()],
    ["account", async () => {
      await page.goto("/account");
      await expect(page.getByRole("radio").first()).toBeAttached();
    }],
  ];
}

/** Records for every state: a pending invoice for the inbox, invoices and payouts, and a balance. */
async function recordsForAudit() {
  await createInvoice();
  const funding = await createPaymentIntent({ crypto_amount: "2.5", group_key: "dark" });
  await studio("POST", "/sandbox/pay", "admin", { payment_address: funding.payment_address, amount: funding.crypto_amount });
  return { invoices: await invoiceRecords(), payouts: await payoutRecords() };
}

const signInStates = (page: Page): Array<[string, () => Promise<void>]> => [["sign-in", () => new SignInPage(page).goto()]];

// Every state at one width per way in: between them both widths and both ways are covered.
test.describe("axe in the dark theme", () => {
  // About twenty-five page loads and full axe runs each, on a shared 2-core machine.
  test.describe.configure({ timeout: 360_000 });

  test("chosen with the switch, at 1280 px: no moderate or worse violations", async ({ as, page }) => {
    const records = await recordsForAudit();
    const admin = await as("admin");
    await admin.page.emulateMedia({ colorScheme: "light" });
    await chooseTheme(admin.page, "Dark");
    expect(await shadeOf(admin.page)).toBe("dark");
    await audit(admin.page, 1280, [...recordStates(admin, "invoice", records.invoices), ...recordStates(admin, "payout", records.payouts), ...consoleStates(admin)]);
    // Signed out, the same browser keeps its choice.
    await page.context().addCookies((await admin.page.context().cookies()).filter((cookie) => cookie.name === "studio_theme"));
    await page.emulateMedia({ colorScheme: "light" });
    await audit(page, 1280, signInStates(page));
    expect(await shadeOf(page)).toBe("dark");
  });

  test("System with a dark system setting, at 390 px: no moderate or worse violations", async ({ as, page }) => {
    const records = await recordsForAudit();
    const admin = await as("admin");
    await admin.page.emulateMedia({ colorScheme: "dark" });
    await audit(admin.page, 390, [...recordStates(admin, "invoice", records.invoices), ...recordStates(admin, "payout", records.payouts), ...consoleStates(admin)]);
    expect(await shadeOf(admin.page)).toBe("dark");
    await page.emulateMedia({ colorScheme: "dark" });
    await audit(page, 390, signInStates(page));
    expect(await shadeOf(page)).toBe("dark");
  });
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
    await page.screenshot({ path: testInfo.outputPath(`dark-dashboard-${width}.png`), fullPage: true });

    await admin.list.goto();
    await expect(admin.list.rows.first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`dark-invoice-list-${width}.png`), fullPage: true });

    await admin.detail.goto(invoice.id);
    await expect(page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`dark-invoice-${width}.png`), fullPage: true });

    await admin.detail.goto(pending.id);
    await admin.detail.action("Reject").click();
    await expect(admin.detail.dialog()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`dark-invoice-dialog-${width}.png`) });
    await page.keyboard.press("Escape");

    await page.goto("/account");
    await expect(page.getByRole("radio", { name: "System" })).toBeChecked();
    await page.screenshot({ path: testInfo.outputPath(`dark-account-${width}.png`), fullPage: true });
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
    await page.screenshot({ path: testInfo.outputPath(`dark-pay-${width}.png`), fullPage: true });
  }
});

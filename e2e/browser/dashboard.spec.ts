// The dashboard at `/` (issue 27): the figures GET /dashboard answers, drawn and tabled; the
// "awaiting" widget only for people who decide; the period switch in the URL; axe-clean and no
// sideways scroll at desktop and phone widths.
import { expect, test } from "./fixtures";
import { axeViolationsInBothThemes, createInvoice, createPaymentIntent, keepScreenshot, studio } from "./support";

// Each test signs in and loads several pages: on the shared 2-core machine that alone can pass the default minute.
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  const approved = await createInvoice(undefined, { invoice_issue_date: new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10), payment_terms: 0 });
  await studio("POST", `/invoice/intent/${approved.id}/approve`, "approver", {});
  await createInvoice();
  const intent = await createPaymentIntent({ crypto_amount: "12.5" });
  await studio("POST", "/sandbox/pay", "admin", { payment_address: intent.payment_address, amount: "12.5" });
});

test("the dashboard shows the API's figures, with tables for every chart, and switches its period in the URL", async ({ as }) => {
  const { page } = await as("admin");
  const figures = await studio("GET", "/dashboard", "admin");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByTestId("dashboard")).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("awaiting-count")).toHaveText(String(figures.awaiting_action));
  for (const stage of ["created", "approved", "paid", "signed"]) {
    await expect(page.getByTestId(`funnel-${stage}`)).toHaveText(String(figures.funnel[stage]));
  }
  expect(figures.funnel.created).toBe(2);
  await expect(page.getByTestId("aging-row")).toHaveText(figures.aging.map((row: any) => new RegExp(`${row.amount} ${row.token}`)));
  await expect(page.getByTestId("aging-row")).toContainText(["31–60 days"]);
  // The chart is drawn for the eye; its figures are a table for everyone else.
  const received = page.getByTestId("received");
  await received.getByText("Received in USDC as a table").click();
  await expect(received.getByRole("table", { name: "Received in USDC per period" }).getByRole("row")).toHaveCount(figures.received.length + 1);
  await expect(received.getByTestId("received-row").last()).toContainText("12.5 USDC");
  await expect(page.getByRole("table", { name: "Balances per chain and token" })).toContainText("12.5 USDC");

  await page.getByRole("button", { name: "Monthly" }).click();
  await expect(page).toHaveURL(/interval=month/);
  await expect(page.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("dashboard")).toHaveAttribute("data-state", "ready");
  const monthly = await studio("GET", "/dashboard?interval=month", "admin");
  // The table stays open across the switch (the same figure, new figures).
  await expect(received.getByTestId("received-row").first()).toContainText(monthly.received[0].period);
});

test("people who do not decide see no 'awaiting your action'; the nav and the logo lead to the dashboard", async ({ as }) => {
  const { page } = await as("viewer");
  await page.goto("/invoices");
  await page.getByRole("link", { name: "Studio" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("dashboard")).toHaveAttribute("data-state", "ready");
  await expect(page.getByRole("heading", { name: "Awaiting your action" })).toHaveCount(0);
  await expect(page.getByTestId("funnel-created")).toHaveText("2");
});

for (const width of [1280, 390]) {
  test(`the dashboard has no moderate or worse axe violations and no sideways scroll at ${width} px`, async ({ as }) => {
    const { page } = await as("admin");
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await expect(page.getByTestId("dashboard")).toHaveAttribute("data-state", "ready");
    for (const details of await page.locator("details").all()) await details.locator("summary").click();
    expect(await axeViolationsInBothThemes(page, { state: `dashboard @${width}px` })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: `/tmp/console-dashboard-${width}.png`, fullPage: true });
  });
}

import { expect, test } from "./fixtures";

test("the nav offers only pages that exist and marks the current one", async ({ as }) => {
  const { page } = await as("viewer");
  await page.goto("/invoices");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Invoices", "Payouts", "Payment intents", "Balances", "Webhooks", "API reference"]);
  await expect(nav.getByText(/coming later/i)).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Invoices" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Payouts" }).click();
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Payouts" })).toHaveAttribute("aria-current", "page");
});

test("the inbox comes first in the nav, with its count, for whoever may approve", async ({ as }) => {
  const { page } = await as("approver");
  await page.goto("/invoices");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link").first()).toHaveText(/^Inbox\s*\d+ waiting$/);
  await nav.getByRole("link", { name: /^Inbox/ }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(nav.getByRole("link", { name: /^Inbox/ })).toHaveAttribute("aria-current", "page");
});

test("an unknown console URL shows a not-found page inside the shell", async ({ as }) => {
  const { page } = await as("viewer");
  for (const path of ["/no-such-page", "/payouts/po_x/no-such-tab"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByTestId("viewer-role")).toHaveText("Viewer");
  }
  await page.getByRole("link", { name: "Go to payouts" }).click();
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  const api = await page.request.get("/api/no-such-route");
  expect(api.status()).toBe(404);
  expect((await api.json()).code).toBe(40400);
});

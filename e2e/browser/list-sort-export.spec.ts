// Sorting and CSV export on the console's lists (issue 27): a header click orders the rows through
// the API's `sort` and says so with aria-sort; "Export CSV" downloads the rows of the current
// filters and sort, through the console's server, parsed back here by a CSV library.
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createInvoice, unique } from "./support";

// Each test signs in and loads several pages: on the shared 2-core machine that alone can pass the default minute.
test.describe.configure({ timeout: 180_000 });

/** An invoice of `amount` USD (one line item, so the amount is its total). */
const invoiceOf = (recipient: string, amount: string) =>
  createInvoice(recipient, { amount, detail_items: [{ name: "Work", quantity: 1, unit_price: Number(amount) }] });

async function downloadedRows(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  // The Studio's byte order mark, passed through untouched.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { name: download.suggestedFilename(), rows: parse(bytes, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[] };
}

test("a header click sorts the invoices by amount both ways, and the export holds the same rows in the same order", async ({ as }) => {
  const tag = unique("Sortable");
  // Created out of amount order, so newest-first and amount order differ.
  const middle = await invoiceOf(`${tag} b`, "20.00");
  const largest = await invoiceOf(`${tag} c`, "300.00");
  const smallest = await invoiceOf(`${tag} a`, "5.00");
  const { page, list } = await as("viewer");
  await list.goto(`search=${encodeURIComponent(tag)}`);
  await expect.poll(() => list.invoiceIds()).toEqual([smallest.invoice_id, largest.invoice_id, middle.invoice_id]);
  const amountHeader = page.getByRole("columnheader", { name: /Amount/ }).first();
  await expect(page.getByRole("columnheader", { name: /Created/ })).toHaveAttribute("aria-sort", "descending");
  await expect(amountHeader).toHaveAttribute("aria-sort", "none");

  await amountHeader.getByRole("button").click();
  await expect(page).toHaveURL(/sort=amount(&|$)/);
  await list.loaded();
  await expect.poll(() => list.invoiceIds()).toEqual([smallest.invoice_id, middle.invoice_id, largest.invoice_id]);
  await expect(amountHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByRole("columnheader", { name: /Created/ })).toHaveAttribute("aria-sort", "none");

  await amountHeader.getByRole("button").click();
  await expect(page).toHaveURL(/sort=-amount/);
  await list.loaded();
  await expect.poll(() => list.invoiceIds()).toEqual([largest.invoice_id, middle.invoice_id, smallest.invoice_id]);
  await expect(amountHeader).toHaveAttribute("aria-sort", "descending");
  // The search stayed: sorting orders the filtered rows, it does not widen them.
  expect(page.url()).toContain(`search=${encodeURIComponent(tag).replace(/%20/g, "+")}`);

  const { name, rows } = await downloadedRows(page);
  expect(name).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(rows.map((row) => row.invoice_id)).toEqual(await list.invoiceIds());
  expect(rows.map((row) => row.amount)).toEqual(["300.00", "20.00", "5.00"]);
});

test("a status tab and the due-date order carry into the export", async ({ as }) => {
  const tag = unique("Due order");
  const later = await invoiceOf(`${tag} later`, "10.00");
  await createInvoice(`${tag} other`, { payment_terms: 1 });
  const sooner = await createInvoice(`${tag} sooner`, { payment_terms: 3 });
  const { page, list } = await as("viewer");
  await list.goto(`search=${encodeURIComponent(tag)}&status_category=pending_review`);
  await page.getByRole("columnheader", { name: /Due/ }).getByRole("button").click();
  await expect(page).toHaveURL(/sort=due_date/);
  await list.loaded();
  const shown = await list.invoiceIds();
  expect(shown).toHaveLength(3);
  expect(shown.indexOf(sooner.invoice_id)).toBeLessThan(shown.indexOf(later.invoice_id));
  const { rows } = await downloadedRows(page);
  expect(rows.map((row) => row.invoice_id)).toEqual(shown);
  expect(new Set(rows.map((row) => row.status_category))).toEqual(new Set(["pending_review"]));
});

test("every list page offers its export, and the export answers a CSV of that list", async ({ as }) => {
  const { page } = await as("admin");
  for (const [path, list] of [
    ["/payouts?sort=-amount", "payouts"],
    ["/payment-intents?sort=due_date", "payment-intents"],
    ["/balances?sort=amount", "ledger"],
    ["/webhooks?sort=created_at", "webhook-deliveries"],
    ["/settings/audit?sort=created_at", "audit-log"],
  ] as const) {
    await page.goto(path);
    const link = page.getByRole("link", { name: "Export CSV" });
    const sort = new URL(path, "http://x").searchParams.get("sort");
    await expect(link).toHaveAttribute("href", `/api/exports/${list}?sort=${encodeURIComponent(sort ?? "")}`);
    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.status(), list).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toContain(`filename="${list}-`);
  }
  // A list the console does not export, and a filter the Studio refuses: the error envelope.
  const unknown = await page.request.get("/api/exports/users");
  expect(unknown.status()).toBe(400);
  expect((await unknown.json()).message).toBe("Unknown export users");
  const refused = await page.request.get("/api/exports/invoices?sort=recipient_name");
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toMatch(/sort/);
});

test("the export route needs a session", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const response = await anonymous.get("/api/exports/invoices");
  expect(response.status()).toBe(401);
  await anonymous.dispose();
});

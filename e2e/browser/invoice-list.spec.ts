import { expect, test } from "./fixtures";
import { createInvoice, studio, unique, useDemoOrganizations } from "./support";

// About seeded rows: the demo organizations, not the spec's own.
useDemoOrganizations(import.meta.url);

test("paging and page size change the rows and survive a reload and the back button", async ({ as }) => {
  // Tests create their rows today, so a created_to bound of yesterday gives seeded rows that
  // other tests running at the same time cannot shift (computed here, not at load: a run may
  // cross midnight).
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const { page, list } = await as("viewer");
  await list.goto(`created_to=${yesterday}&page_size=10`);
  const first = await list.invoiceIds();
  expect(first).toHaveLength(10);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await list.loaded();
  await expect.poll(() => list.invoiceIds()).not.toEqual(first);
  const second = await list.invoiceIds();
  expect(second).toHaveLength(10);
  expect(second.some((id) => first.includes(id))).toBe(false);
  await page.reload();
  await list.loaded();
  await expect.poll(() => list.invoiceIds()).toEqual(second);
  await page.goBack();
  await list.loaded();
  await expect.poll(() => list.invoiceIds()).toEqual(first);
  await page.getByLabel("Page size").selectOption("20");
  await expect(page).toHaveURL(/page_size=20/);
  await expect.poll(async () => (await list.invoiceIds()).length).toBe(20);
});

test("status tab, status filter and search narrow the rows, and the URL keeps them", async ({ as }) => {
  const recipient = unique("Searchable Recipient");
  const invoice = await createInvoice(recipient);
  // A closed record and an open one of this test's own: the tab must list the first, not the second.
  const tag = unique("Closed Tab");
  const closed = await createInvoice(`${tag} cancelled`);
  await studio("POST", `/invoice/intent/${closed.id}/cancel`, "finance", {});
  await createInvoice(`${tag} pending`);
  const { page, list } = await as("viewer");
  await list.goto();
  await list.openTab("Closed");
  await expect(page).toHaveURL(/status_category=closed/);
  await expect.poll(async () => (await list.statuses()).length).toBeGreaterThan(0);
  expect((await list.statuses()).filter((status) => !["Rejected", "Cancelled", "Expired"].includes(status))).toEqual([]);
  await list.search(tag);
  await expect(page).toHaveURL(/status_category=closed/);
  await expect.poll(() => list.invoiceIds()).toEqual([closed.invoice_id]);
  expect(await list.statuses()).toEqual(["Cancelled"]);

  await list.goto();
  await page.getByLabel("Status", { exact: true }).selectOption("approval_pending");
  await list.applyFilters();
  await expect(page).toHaveURL(/status=approval_pending/);
  await expect.poll(async () => new Set(await list.statuses())).toEqual(new Set(["Pending approval"]));

  await list.search(recipient);
  await expect(page).toHaveURL(/search=Searchable/);
  await expect.poll(() => list.invoiceIds()).toEqual([invoice.invoice_id]);
  await page.reload();
  await list.loaded();
  await expect(page.getByLabel("Search")).toHaveValue(recipient);
  await expect.poll(() => list.invoiceIds()).toEqual([invoice.invoice_id]);

  await list.goto(`invoice_id=${encodeURIComponent(invoice.invoice_id)}`);
  await expect.poll(() => list.invoiceIds()).toEqual([invoice.invoice_id]);
  await list.goto(`search=${encodeURIComponent(unique("nothing matches"))}`);
  await expect(page.getByText("No invoices match these filters.")).toBeVisible();
});

import { expect, type Locator, type Page } from "@playwright/test";

/** A list page (/invoices, /payouts, /payment-intents): tabs, filters, table and paging. */
export class RecordListPage {
  readonly rows: Locator;

  constructor(
    readonly page: Page,
    /** The page heading and the table's caption: "Invoices", "Payouts". */
    readonly plural: string,
    readonly path = `/${plural.toLowerCase()}`,
  ) {
    this.rows = page.getByRole("table", { name: plural }).locator("tbody tr:not([aria-hidden])");
  }

  async goto(query = "") {
    await this.page.goto(`${this.path}${query ? `?${query}` : ""}`);
    await this.loaded();
  }

  async loaded() {
    await expect(this.page.getByRole("heading", { name: this.plural, level: 1 })).toBeVisible();
    await expect(this.page.getByTestId("paging-summary")).not.toHaveText("Loading…");
    await expect(this.page.locator('[data-state="ready"]')).toHaveCount(1);
  }

  /** The status badges shown (one per row). */
  async statuses(): Promise<string[]> {
    await this.loaded();
    return (await this.rows.locator("td:nth-child(5)").allInnerTexts()).map((text) => text.trim());
  }

  /** A status tab: a link in the "Status category" navigation. */
  tab(name: string) {
    return this.page.getByRole("navigation", { name: "Status category" }).getByRole("link", { name: new RegExp(`^${name}`) });
  }

  async openTab(name: string) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute("aria-current", "page");
    await this.loaded();
  }

  async search(text: string) {
    await this.page.getByLabel("Search").fill(text);
    await this.applyFilters();
  }

  async applyFilters() {
    await this.page.getByRole("button", { name: "Apply filters" }).click();
    await this.loaded();
  }

  /** The human-readable ids shown, once the table settled. */
  async ids(): Promise<string[]> {
    await this.loaded();
    return this.rows.locator("td:first-child a").allInnerTexts();
  }

  async open(number: string) {
    await this.page.getByRole("link", { name: number, exact: true }).click();
    await expect(this.page.getByRole("heading", { name: new RegExp(` ${number}$`) })).toBeVisible();
  }
}

import { expect, type Page } from "@playwright/test";

/** A record's page (/invoices/{id}, /payouts/{id}): status, actions and their dialogs, totals, timeline, sandbox pay box. */
export class RecordDetailPage {
  constructor(
    readonly page: Page,
    /** "Invoice", "Payout": the heading's first word and the status badge's test id. */
    readonly title: string,
  ) {}

  async goto(id: string) {
    await this.page.goto(`/${this.title.toLowerCase()}s/${id}`);
    await expect(this.heading()).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { name: new RegExp(`^${this.title} `), level: 1 });
  }

  status() {
    return this.page.getByTestId(`${this.title.toLowerCase()}-status`);
  }

  async expectStatus(label: string) {
    await expect(this.status()).toHaveText(label);
  }

  action(name: string) {
    return this.page.getByRole("button", { name, exact: true });
  }

  dialog() {
    return this.page.getByRole("dialog");
  }

  async confirm(buttonName: RegExp) {
    await this.dialog().getByRole("button", { name: buttonName }).click();
  }

  total(label: string) {
    return this.page.getByTestId(`total-${label.toLowerCase().replace(/\s+/g, "-")}`);
  }

  timelineEntries() {
    return this.page.getByRole("list", { name: "Status log" }).getByRole("listitem");
  }

  async simulatePayment(amount: string) {
    await this.page.getByLabel(/Amount to pay/).fill(amount);
    await this.page.getByRole("button", { name: "Simulate payment" }).click();
  }

  toast(text: string | RegExp) {
    return this.page.getByRole("status").getByText(text);
  }
}

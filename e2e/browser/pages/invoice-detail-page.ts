import { expect, type Page } from "@playwright/test";

export const ACTION_BUTTONS = ["Approve", "Reject", "Cancel invoice", "Sign", "Refund", "Edit", "Simulate payment"];

export class InvoiceDetailPage {
  constructor(readonly page: Page) {}

  async goto(id: string) {
    await this.page.goto(`/invoices/${id}`);
    await expect(this.page.getByRole("heading", { name: /^Invoice / })).toBeVisible();
  }

  status() {
    return this.page.getByTestId("invoice-status");
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

import { expect, type Page } from "@playwright/test";

export type FormItem = { name: string; quantity: string; unitPrice: string; tax?: string };

export class InvoiceFormPage {
  constructor(readonly page: Page) {}

  async gotoNew() {
    await this.page.goto("/invoices/new");
    await expect(this.page.getByRole("heading", { name: "New invoice" })).toBeVisible();
  }

  async fillRecipient(values: { name: string; email: string; organization: string; organizationEmail: string }) {
    await this.page.getByLabel("Recipient name").fill(values.name);
    await this.page.getByLabel("Recipient email").fill(values.email);
    await this.page.getByLabel("Organization name").fill(values.organization);
    await this.page.getByLabel("Organization email").fill(values.organizationEmail);
  }

  async fillItems(items: FormItem[]) {
    for (const [index, item] of items.entries()) {
      const n = index + 1;
      if (index > 0) await this.page.getByRole("button", { name: "Add line item" }).click();
      await this.page.getByLabel(`Item ${n} name`, { exact: true }).fill(item.name);
      await this.page.getByLabel(`Item ${n} quantity`, { exact: true }).fill(item.quantity);
      await this.page.getByLabel(`Item ${n} unit price`, { exact: true }).fill(item.unitPrice);
      if (item.tax !== undefined) await this.page.getByLabel(`Item ${n} tax`, { exact: true }).fill(item.tax);
    }
  }

  total() {
    return this.page.getByTestId("form-total");
  }

  async submit() {
    await this.page.getByRole("button", { name: "Create invoice" }).click();
  }
}

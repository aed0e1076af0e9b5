import type { Page } from "@playwright/test";
import { RecordFormPage } from "./record-form-page";

export type FormItem = { name: string; quantity: string; unitPrice: string; tax?: string };

export class InvoiceFormPage extends RecordFormPage {
  constructor(page: Page) {
    super(page, "invoice");
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
}

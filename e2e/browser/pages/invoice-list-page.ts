import type { Page } from "@playwright/test";
import { RecordListPage } from "./record-list-page";

export class InvoiceListPage extends RecordListPage {
  constructor(page: Page) {
    super(page, "Invoices");
  }

  invoiceIds(): Promise<string[]> {
    return this.ids();
  }
}

import type { Page } from "@playwright/test";
import { RecordListPage } from "./record-list-page";

export class PayoutListPage extends RecordListPage {
  constructor(page: Page) {
    super(page, "Payouts");
  }
}

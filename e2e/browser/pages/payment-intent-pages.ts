import { expect, type Page } from "@playwright/test";
import { RecordDetailPage } from "./record-detail-page";
import { RecordListPage } from "./record-list-page";

export class PaymentIntentListPage extends RecordListPage {
  constructor(page: Page) {
    super(page, "Payment intents", "/payment-intents");
  }
}

/** /payment-intents/{id}: the grouped sections, the deposit box and the refund action. */
export class PaymentIntentDetailPage extends RecordDetailPage {
  constructor(page: Page) {
    super(page, "Payment intent");
  }

  override async goto(id: string) {
    await this.page.goto(`/payment-intents/${id}`);
    await expect(this.heading()).toBeVisible();
  }

  override status() {
    return this.page.getByTestId("payment-intent-status");
  }

  section(name: string) {
    return this.page.getByRole("region", { name, exact: true });
  }

  /** A transaction hash of the Transactions section ("payment", "settlement", "refund"). */
  transaction(label: string) {
    return this.page.getByTestId(`tx-${label}`);
  }
}

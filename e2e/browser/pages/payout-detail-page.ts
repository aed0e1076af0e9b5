import type { Page } from "@playwright/test";
import { RecordDetailPage } from "./record-detail-page";

export const PAYOUT_ACTION_BUTTONS = ["Approve", "Reject", "Refund", "Edit", "Simulate payment"];

export class PayoutDetailPage extends RecordDetailPage {
  constructor(page: Page) {
    super(page, "Payout");
  }

  target() {
    return this.page.getByTestId("payout-target");
  }

  /** A transaction hash shown as a link to the chain's explorer. */
  transactionLink() {
    return this.page.getByRole("link", { name: /^0x[0-9a-f]{64}$/ });
  }
}

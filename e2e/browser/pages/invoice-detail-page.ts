import type { Page } from "@playwright/test";
import { RecordDetailPage } from "./record-detail-page";

export const ACTION_BUTTONS = ["Approve", "Reject", "Cancel invoice", "Sign", "Refund", "Edit", "Simulate payment"];

export class InvoiceDetailPage extends RecordDetailPage {
  constructor(page: Page) {
    super(page, "Invoice");
  }
}

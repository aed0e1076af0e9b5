import type { Page } from "@playwright/test";
import { RecordFormPage } from "./record-form-page";

export class PayoutFormPage extends RecordFormPage {
  constructor(page: Page) {
    super(page, "payout");
  }

  async fillAmounts({ gross, net }: { gross?: string; net: string }) {
    if (gross !== undefined) await this.page.getByLabel(/^Gross amount/).fill(gross);
    await this.page.getByLabel(/^Net to recipient/).fill(net);
  }

  async fillTarget(address: string) {
    await this.page.getByLabel("Payout target address").fill(address);
  }

  /** The live gross / fee / net under the amounts. */
  live(part: "gross" | "fee" | "net") {
    return this.page.getByTestId(`form-${part}`);
  }
}

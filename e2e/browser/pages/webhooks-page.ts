import { expect, type Locator, type Page } from "@playwright/test";

/** /webhooks: status tabs, filters, the delivery table, the selected delivery and the signing secret. */
export class WebhooksPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId("delivery-row");
  }

  async goto(query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(`/webhooks${search ? `?${search}` : ""}`);
    await this.loaded();
  }

  async loaded() {
    await expect(this.page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(this.page.getByTestId("paging-summary")).not.toHaveText("Loading…");
    await expect(this.page.locator('[data-state="ready"]')).toHaveCount(1);
  }

  row(deliveryId: string) {
    return this.page.locator(`[data-testid="delivery-row"][data-delivery-id="${deliveryId}"]`);
  }

  tab(name: string) {
    return this.page.getByRole("navigation", { name: "Delivery status" }).getByRole("link", { name: new RegExp(`^${name}`) });
  }

  async filter(fields: { type?: string; recordId?: string }) {
    if (fields.type !== undefined) await this.page.getByLabel("Event type").fill(fields.type);
    if (fields.recordId !== undefined) await this.page.getByLabel("Record id").fill(fields.recordId);
    await this.page.getByRole("button", { name: "Apply filters" }).click();
    await this.loaded();
  }

  detail() {
    return this.page.getByTestId("delivery-detail");
  }

  payload() {
    return this.page.getByTestId("delivery-payload");
  }

  attempts() {
    return this.page.getByTestId("attempt");
  }

  resend() {
    return this.page.getByRole("button", { name: "Resend", exact: true });
  }

  reveal() {
    return this.page.getByRole("button", { name: "Reveal signing secret" });
  }

  secret() {
    return this.page.getByTestId("signing-secret");
  }
}

import { expect, type Page } from "@playwright/test";

export type Recipient = { name: string; email: string; organization: string; organizationEmail: string };

/** The create and edit forms of a workflow owner: recipient fields, submit. */
export class RecordFormPage {
  constructor(
    readonly page: Page,
    /** "invoice", "payout". */
    readonly noun: string,
  ) {}

  async gotoNew() {
    await this.page.goto(`/${this.noun}s/new`);
    await expect(this.page.getByRole("heading", { name: `New ${this.noun}` })).toBeVisible();
  }

  async fillRecipient(values: Recipient) {
    await this.page.getByLabel("Recipient name").fill(values.name);
    await this.page.getByLabel("Recipient email").fill(values.email);
    await this.page.getByLabel("Organization name").fill(values.organization);
    await this.page.getByLabel("Organization email").fill(values.organizationEmail);
  }

  async submit() {
    await this.page.getByRole("button", { name: `Create ${this.noun}` }).click();
  }
}

import { expect, type Page } from "@playwright/test";

export class SignInPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/sign-in");
    await expect(this.page.getByRole("heading", { name: "Sign in to Studio" })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.goto();
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
    await this.page.waitForURL(/\/invoices/);
  }
}

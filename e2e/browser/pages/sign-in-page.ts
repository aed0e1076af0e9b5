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

  /**
   * An invited person's first sign-in: the invite's password leads to the page that asks for a
   * password of their own, and choosing one lands on the invoices. Answers the chosen password.
   */
  async signInFirstTime(email: string, firstPassword: string, chosen = `chosen ${crypto.randomUUID()}`) {
    await this.goto();
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password").fill(firstPassword);
    await this.page.getByRole("button", { name: "Sign in" }).click();
    await this.page.waitForURL(/\/change-password/);
    await expect(this.page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
    await this.page.getByLabel("Password you were given").fill(firstPassword);
    await this.page.getByLabel("New password", { exact: true }).fill(chosen);
    await this.page.getByLabel("Repeat the new password").fill(chosen);
    await this.page.getByRole("button", { name: "Change password" }).click();
    await this.page.waitForURL(/\/invoices/);
    return chosen;
  }
}

import { expect, type Locator, type Page } from "@playwright/test";

/** /balances: balances per chain and token, the withdrawal form and its confirmation, the ledger. */
export class BalancesPage {
  readonly form: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("form", { name: "Withdraw" });
    this.dialog = page.getByRole("dialog", { name: "Confirm withdrawal" });
  }

  async goto() {
    await this.page.goto("/balances");
    await expect(this.page.getByRole("heading", { name: "Balances", level: 1 })).toBeVisible();
    await expect(this.page.getByRole("table", { name: "Balances" }).locator("tbody tr").first()).toBeVisible();
    await expect(this.page.getByTestId("ledger-summary")).not.toHaveText("Loading…");
  }

  /** The available amount shown for a chain and token. */
  balance(chainId: string, symbol: string) {
    return this.page.getByTestId(`balance-${chainId}-${symbol}`).getByTestId("balance-amount");
  }

  ledgerRow(reference: string) {
    return this.page.locator(`[data-testid="ledger-row"][data-reference="${reference}"]`);
  }

  async choose(chainLabel: string, token: string) {
    await this.form.getByLabel("Chain").selectOption({ label: chainLabel });
    await this.form.getByLabel("Token").selectOption(token);
  }

  amount() {
    return this.form.getByLabel(/^Amount/);
  }

  address() {
    return this.form.getByLabel("Destination address");
  }

  async review() {
    await this.form.getByRole("button", { name: "Review withdrawal" }).click();
    await expect(this.dialog).toBeVisible();
  }

  confirmed(label: string) {
    return this.dialog.getByTestId(`total-${label.toLowerCase().replace(/\s+/g, "-")}`);
  }

  withdrawButton() {
    return this.dialog.getByRole("button", { name: /^Withdraw / });
  }

  result() {
    return this.page.getByTestId("withdrawal-result");
  }
}

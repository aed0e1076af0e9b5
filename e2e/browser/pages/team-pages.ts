import { expect, type Page } from "@playwright/test";

/** /settings/team: people as cards with permission switches, the invite dialog and its one-time password. */
export class TeamSettingsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/settings/team");
    await expect(this.page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(this.page.getByTestId("team-summary")).not.toHaveText("Loading…");
  }

  person(email: string) {
    return this.page.locator(`[data-testid="person"][data-email="${email}"]`);
  }

  permission(email: string, label: string) {
    return this.person(email).getByRole("switch", { name: label });
  }

  /** Flips a permission switch the way a person does: by its label. */
  async toggle(email: string, label: string) {
    await this.person(email).locator("label").filter({ hasText: new RegExp(`^${label}`) }).click();
  }

  dialog() {
    return this.page.getByRole("dialog");
  }

  /** Invites through the dialog; answers the first password it shows once. */
  async invite(name: string, email: string, permissions: string[]): Promise<string> {
    await this.page.getByRole("button", { name: "Invite person" }).click();
    const dialog = this.dialog();
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Email").fill(email);
    for (const label of ["Read", "Create", "Approve", "Sign", "Manage team"]) {
      await dialog.getByRole("checkbox", { name: label, exact: true }).setChecked(permissions.includes(label));
    }
    await dialog.getByRole("button", { name: "Invite", exact: true }).click();
    // Hashing the first password is deliberately slow (scrypt); a busy machine makes it slower.
    await expect(dialog.getByRole("heading", { name: `${name} is invited` })).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByText("shown only now")).toBeVisible();
    return (await dialog.getByTestId("first-password").textContent()) ?? "";
  }
}

/** /settings/keys: the key list, the create form with its shown-once secret, revoke with confirmation. */
export class KeysSettingsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/settings/keys");
    await expect(this.page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    await expect(this.page.getByTestId("keys-summary")).not.toHaveText("Loading…");
  }

  /** A key for the signed-in person (keys are made for oneself only): its secret, shown once. */
  async create(): Promise<string> {
    await this.page.getByRole("button", { name: "Create key" }).click();
    await expect(this.page.getByText("it will not be shown again")).toBeVisible();
    return (await this.page.getByTestId("new-key-secret").textContent()) ?? "";
  }

  row(masked: string) {
    return this.page.getByTestId("api-key").filter({ hasText: masked });
  }
}

/** /settings/audit: the log with its filters in the URL. */
export class AuditSettingsPage {
  constructor(readonly page: Page) {}

  async goto(query = "") {
    await this.page.goto(`/settings/audit${query ? `?${query}` : ""}`);
    await expect(this.page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    await expect(this.page.getByTestId("audit-summary")).not.toHaveText("Loading…");
  }

  rows() {
    return this.page.getByTestId("audit-row");
  }
}

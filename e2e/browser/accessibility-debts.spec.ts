// The accessibility review's debts (issue 27): status tabs are links with aria-current, closing any
// dialog hands focus back to the control that opened it, and an error toast stays until dismissed.
import { expect, test } from "./fixtures";
import { BalancesPage } from "./pages/balances-page";
import { KeysSettingsPage, TeamSettingsPage } from "./pages/team-pages";
import { createInvoice, createPaymentIntent, person, studio } from "./support";

// Each test signs in and loads several pages: on the shared 2-core machine that alone can pass the default minute.
test.describe.configure({ timeout: 180_000 });

test("status tabs are links marked with aria-current, not tabs without panels", async ({ as }) => {
  const { page, list } = await as("viewer");
  for (const [path, label] of [["/invoices", "Status category"], ["/payouts", "Status category"], ["/payment-intents", "Status category"], ["/webhooks", "Delivery status"]] as const) {
    await page.goto(path);
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByRole("tablist")).toHaveCount(0);
    const tabs = page.getByRole("navigation", { name: label }).getByRole("link");
    await expect(tabs.first()).toHaveAttribute("aria-current", "page");
    await expect(page.locator(`nav[aria-label="${label}"] [aria-current]`)).toHaveCount(1);
  }
  await list.goto();
  const closed = list.tab("Closed");
  await expect(closed).toHaveAttribute("href", "/invoices?status_category=closed");
  await closed.press("Enter");
  await expect(page).toHaveURL(/status_category=closed/);
  await expect(closed).toHaveAttribute("aria-current", "page");
  await expect(list.tab("All")).not.toHaveAttribute("aria-current", /.*/);
});

test("a workflow action's dialog returns focus to its button, by Back and by Escape", async ({ as }) => {
  const invoice = await createInvoice();
  const { detail, page } = await as("approver");
  await detail.goto(invoice.id);
  const reject = detail.action("Reject");
  await reject.click();
  await expect(detail.dialog()).toBeVisible();
  await detail.dialog().getByRole("button", { name: "Back" }).click();
  await expect(detail.dialog()).toBeHidden();
  await expect(reject).toBeFocused();
  await reject.press("Enter");
  await expect(detail.dialog().getByLabel("Reason")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(detail.dialog()).toBeHidden();
  await expect(reject).toBeFocused();
});

test("the team's invite and disable dialogs and the key revoke dialog return focus to their buttons", async ({ as }) => {
  const { page } = await as("admin");
  const team = new TeamSettingsPage(page);
  await team.goto();
  const invite = page.getByRole("button", { name: "Invite person" });
  await invite.click();
  await expect(team.dialog()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(team.dialog()).toBeHidden();
  await expect(invite).toBeFocused();

  const viewer = person("viewer");
  const disable = team.person(viewer.email).getByRole("button", { name: `Disable ${viewer.name}` });
  await disable.click();
  await expect(team.dialog()).toBeVisible();
  await team.dialog().getByRole("button", { name: "Cancel" }).click();
  await expect(team.dialog()).toBeHidden();
  await expect(disable).toBeFocused();

  const keys = new KeysSettingsPage(page);
  await keys.goto();
  const revoke = page.getByRole("button", { name: /^Revoke / }).first();
  await revoke.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(revoke).toBeFocused();
});

test("the withdrawal confirmation returns focus to Review withdrawal", async ({ as }) => {
  const funding = await createPaymentIntent({ crypto_amount: "4" });
  await studio("POST", "/sandbox/pay", "admin", { payment_address: funding.payment_address, amount: "4" });
  const { page } = await as("admin");
  const balances = new BalancesPage(page);
  await balances.goto();
  await balances.choose("Arbitrum One", "USDC");
  await balances.amount().fill("1");
  await balances.address().fill("0x9858EfFD232B4033E47d90003D41EC34EcaEda94");
  await balances.review();
  await balances.dialog.getByRole("button", { name: "Back" }).click();
  await expect(balances.dialog).toBeHidden();
  await expect(balances.form.getByRole("button", { name: "Review withdrawal" })).toBeFocused();
});

test("an error toast stays until dismissed, while a success note goes by itself", async ({ as }) => {
  const invoice = await createInvoice();
  await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
  const { page, detail } = await as("admin");
  // The page's clock, moved by hand: minutes pass without the test waiting for them.
  await page.clock.install();
  await detail.goto(invoice.id);
  await page.getByLabel(/Amount to pay/).fill("not a number");
  await page.getByRole("button", { name: "Simulate payment" }).click();
  const error = page.getByTestId("error-toast");
  await expect(error).toBeVisible();
  await page.clock.fastForward("10:00");
  await expect(error).toBeVisible();

  await page.getByLabel(/Amount to pay/).fill("1");
  await page.getByRole("button", { name: "Simulate payment" }).click();
  await expect(detail.toast("Sandbox payment sent")).toBeVisible();
  await page.clock.fastForward("00:10");
  await expect(detail.toast("Sandbox payment sent")).toBeHidden();
  await expect(error).toBeVisible();

  await error.getByRole("button", { name: "Dismiss" }).click();
  await expect(error).toBeHidden();
});

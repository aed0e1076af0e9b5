// axe on every console page and state (lists with data and empty, new and edit forms, forms with
// errors, details pending / approved with the QR code / paid with the sign dialog open, the 404
// page, sign-in and its error), at desktop and phone widths. Moderate, serious and critical
// violations all fail; only "minor" ones are left to judgement.
import { audit, invoiceRecords, payoutRecords, qrCode, recordStates } from "./axe-states";
import { expect, test } from "./fixtures";
import { BalancesPage } from "./pages/balances-page";
import { PaymentIntentDetailPage, PaymentIntentListPage } from "./pages/payment-intent-pages";
import { SignInPage } from "./pages/sign-in-page";
import { AuditSettingsPage, KeysSettingsPage, TeamSettingsPage } from "./pages/team-pages";
import { WebhooksPage } from "./pages/webhooks-page";
import { createInvoice, createPaymentIntent, PAYOUT_TARGET, studio, unique } from "./support";

// Each test reaches its states from records of its own: they need no order, and this file is the
// browser stage's longest, so its tests are shared out between both workers instead of queuing on one.
test.describe.configure({ mode: "parallel" });

const WIDTHS = [1280, 390] as const;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    // Nine states, each a page load and a full axe run, on a shared 2-core machine.
    test.describe.configure({ timeout: 240_000 });
    test("sign-in, its error and the 404 page have no moderate or worse axe violations", async ({ page, as }) => {
      const signIn = new SignInPage(page);
      await audit(page, width, [
        ["sign-in", () => signIn.goto()],
        ["sign-in, wrong password", async () => {
          await page.getByLabel("Email").fill(`${unique("nobody").replace(" ", "-")}@nowhere.test`);
          await page.getByLabel("Password").fill("not the password");
          await page.getByRole("button", { name: "Sign in" }).click();
          await expect(page.getByRole("alert")).toBeVisible();
        }],
      ]);
      const viewer = await as("viewer");
      await audit(viewer.page, width, [
        ["404 page", async () => {
          await viewer.page.goto(`/no-such-page-${Date.now()}`);
          await expect(viewer.page.getByRole("heading", { name: "Page not found" })).toBeVisible();
        }],
        ["unknown invoice", async () => {
          await viewer.page.goto("/invoices/inv_unknown");
          await expect(viewer.page.getByRole("heading", { level: 1 })).toBeVisible();
        }],
        ["account page, a wrong current password", async () => {
          await viewer.page.goto("/account");
          await viewer.page.getByLabel("Current password").fill("not the password");
          await viewer.page.getByLabel("New password", { exact: true }).fill("a long new password");
          await viewer.page.getByLabel("Repeat the new password").fill("a long new password");
          await viewer.page.getByRole("button", { name: "Change password" }).click();
          await expect(viewer.page.getByText("The current password is wrong")).toBeVisible();
        }],
      ]);
    });

    test("invoice lists, forms, details and dialogs have no moderate or worse axe violations", async ({ as }) => {
      const records = await invoiceRecords();
      const admin = await as("admin");
      await audit(admin.page, width, recordStates(admin, "invoice", records));
    });

    test("payout lists, forms, details and dialogs have no moderate or worse axe violations", async ({ as }) => {
      const records = await payoutRecords();
      const admin = await as("admin");
      await audit(admin.page, width, recordStates(admin, "payout", records));
    });
  });
}

test("dialogs work from the keyboard: focus moves in and Escape closes", async ({ as }) => {
  const invoice = await createInvoice();
  const approver = await as("approver");
  await approver.detail.goto(invoice.id);
  await approver.detail.action("Reject").focus();
  await approver.page.keyboard.press("Enter");
  await expect(approver.detail.dialog()).toBeVisible();
  await expect(approver.detail.dialog().getByLabel("Reason")).toBeFocused();
  await approver.page.keyboard.press("Escape");
  await expect(approver.detail.dialog()).toBeHidden();
  await approver.detail.expectStatus("Pending approval");
});

for (const width of WIDTHS) {
  test(`payment intents and balances have no moderate or worse axe violations at ${width} px`, async ({ as }) => {
    const intent = await createPaymentIntent({ crypto_amount: "1.5", group_key: "axe" });
    // The spec's own organization starts with no balance: a paid intent gives the balances table its row.
    const funding = await createPaymentIntent({ crypto_amount: "2.5", group_key: "axe" });
    await studio("POST", "/sandbox/pay", "admin", { payment_address: funding.payment_address, amount: funding.crypto_amount });
    const admin = await as("admin");
    const { page } = admin;
    const list = new PaymentIntentListPage(page);
    const detail = new PaymentIntentDetailPage(page);
    const balances = new BalancesPage(page);
    await audit(page, width, [
      ["payment intent list, found by address", async () => {
        await list.goto(`search=${intent.payment_address}`);
        await expect(list.rows).toHaveCount(1);
      }],
      ["pending payment intent with its QR code", async () => {
        await detail.goto(intent.payment_intent_id);
        await expect(qrCode(page)).toBeVisible();
        await expect(detail.timelineEntries().first()).toBeVisible();
      }],
      ["balances, an invalid address", async () => {
        await balances.goto();
        await balances.address().fill("0x123");
        await expect(balances.address()).toHaveAttribute("aria-invalid", "true");
      }],
      ["balances, the withdrawal confirmation", async () => {
        await balances.address().fill(PAYOUT_TARGET);
        await balances.amount().fill("0.01");
        await balances.review();
      }],
    ]);
    await page.keyboard.press("Escape");
    await expect(balances.dialog).toBeHidden();
  });
}

for (const width of WIDTHS) {
  test(`team, API keys, audit log and the forbidden state have no moderate or worse axe violations at ${width} px`, async ({ as }) => {
    test.setTimeout(300_000);
    const admin = await as("admin");
    const { page } = admin;
    const team = new TeamSettingsPage(page);
    const keys = new KeysSettingsPage(page);
    const log = new AuditSettingsPage(page);
    const name = unique("Axel Axe");
    await audit(page, width, [
      ["team", () => team.goto()],
      ["invite dialog", async () => {
        await page.getByRole("button", { name: "Invite person" }).click();
        await expect(team.dialog().getByLabel("Name")).toBeFocused();
      }],
      ["invite dialog with the first password", async () => {
        await page.keyboard.press("Escape");
        await team.invite(name, `${name.toLowerCase().replace(/\s+/g, ".")}@axe.test`, ["Read"]);
      }],
      ["API keys with a new key shown", async () => {
        await keys.goto();
        await keys.create();
      }],
      ["revoke dialog", async () => {
        await page.getByTestId("api-key").filter({ hasText: name }).first().getByRole("button", { name: /Revoke/ }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
      }],
      ["audit log", async () => {
        await log.goto();
        await expect(log.rows().first()).toBeVisible();
      }],
    ]);
    const viewer = await as("viewer");
    await audit(viewer.page, width, [
      ["settings for a viewer (403)", async () => {
        await viewer.page.goto("/settings/team");
        await expect(viewer.page.getByTestId("forbidden")).toBeVisible();
      }],
    ]);
  });

  test(`webhooks and a record's deliveries have no moderate or worse axe violations at ${width} px`, async ({ as }) => {
    // Four states, a delivery to wait for and a full axe run each, on a shared 2-core machine.
    test.setTimeout(240_000);
    // Nothing listens on the discard port: the attempts fail with a connection error, the state
    // with the most to show (an error, an empty response, retries).
    const invoice = await createInvoice(unique("Axe hooks"), { callback_url: "http://127.0.0.1:9/hooks" });
    await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
    const admin = await as("admin");
    const { page } = admin;
    const webhooks = new WebhooksPage(page);
    await audit(page, width, [
      ["webhook deliveries, one selected", async () => {
        await webhooks.goto({ object_id: invoice.id });
        await expect(webhooks.rows).toHaveCount(1);
        await webhooks.rows.first().getByRole("button").click();
        await expect(webhooks.attempts().first()).toBeVisible({ timeout: 15_000 });
      }],
      ["webhook deliveries, secret revealed", async () => {
        await webhooks.reveal().click();
        await expect(webhooks.secret()).toBeVisible();
      }],
      ["webhook deliveries, no match", async () => {
        await webhooks.goto({ object_id: unique("nothing").replace(" ", "-") });
        await expect(page.getByText("No webhook deliveries match these filters.")).toBeVisible();
      }],
      ["invoice with its webhook deliveries", async () => {
        await admin.detail.goto(invoice.id);
        await expect(page.getByTestId("record-delivery")).toHaveCount(1);
      }],
    ]);
  });
}

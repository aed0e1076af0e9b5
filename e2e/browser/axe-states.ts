// The axe audit of a page's states, and the console's invoice and payout states to audit (lists,
// forms, details and their dialogs): each state is audited in the light theme (every rule) and,
// without reaching it again, in the dark one (the colour rules).
import type { Page } from "@playwright/test";
import { expect, type Console } from "./fixtures";
import { axeViolationsInBothThemes, createInvoice, createPayout, studio, unique } from "./support";

/** Reaches each state in turn and audits it in both themes; fails once, listing every state's violations. */
export async function audit(page: Page, width: number, states: Array<[string, () => Promise<void>]>) {
  await page.setViewportSize({ width, height: 900 });
  const found: string[] = [];
  for (const [state, reach] of states) {
    await reach();
    found.push(...(await axeViolationsInBothThemes(page, { state: `${state} @${width}px` })));
  }
  expect(found).toEqual([]);
}

export const qrCode = (page: Page) => page.getByRole("img", { name: /QR code/ }).locator("svg");

export function recordStates(admin: Console, kind: "invoice" | "payout", records: { pending: string; approved: string; funded: string }) {
  const { page } = admin;
  const { list, detail, form } = kind === "invoice" ? admin : admin.payouts;
  const fundedAction = kind === "invoice" ? "Sign" : "Refund";
  return [
    [`${kind} list`, async () => {
      await list.goto();
      await expect(list.rows.first()).toBeVisible();
    }],
    [`${kind} list, no match`, async () => {
      await list.goto(`search=${encodeURIComponent(unique("nothing matches"))}`);
      await expect(page.getByText(`No ${kind}s match these filters.`)).toBeVisible();
    }],
    [`new ${kind} form`, () => form.gotoNew()],
    [`new ${kind} form with errors`, async () => {
      await form.gotoNew();
      await form.submit();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    }],
    [`${kind} edit form`, async () => {
      await page.goto(`/${kind}s/${records.pending}/edit`);
      await expect(page.getByLabel("Recipient name")).not.toHaveValue("");
    }],
    [`pending ${kind}`, async () => {
      await detail.goto(records.pending);
      await expect(detail.timelineEntries().first()).toBeVisible();
    }],
    [`pending ${kind}, reject dialog`, async () => {
      await detail.action("Reject").click();
      await expect(detail.dialog()).toBeVisible();
    }],
    [`approved ${kind} with its QR code`, async () => {
      await detail.goto(records.approved);
      await expect(qrCode(page)).toBeVisible();
    }],
    [`funded ${kind}, ${fundedAction.toLowerCase()} dialog`, async () => {
      await detail.goto(records.funded);
      await detail.action(fundedAction).click();
      await expect(detail.dialog()).toBeVisible();
    }],
  ] as Array<[string, () => Promise<void>]>;
}

export async function invoiceRecords() {
  const pending = await createInvoice();
  const approved = await studio("POST", `/invoice/intent/${(await createInvoice()).id}/approve`, "approver", {});
  const paid = await studio("POST", `/invoice/intent/${(await createInvoice()).id}/approve`, "approver", {});
  await studio("POST", "/sandbox/pay", "admin", { payment_address: paid.payment_intent.payment_address, amount: paid.payment_intent.crypto_amount });
  return { pending: pending.id, approved: approved.id, funded: paid.id };
}

export async function payoutRecords() {
  const pending = await createPayout();
  const approved = await studio("POST", `/payout/intent/${(await createPayout()).id}/approve`, "approver", {});
  const underfunded = await studio("POST", `/payout/intent/${(await createPayout()).id}/approve`, "approver", {});
  await studio("POST", `/sandbox/payment_intent/${underfunded.payment_intent.payment_intent_id}/pay`, "admin", { amount: "1" });
  return { pending: pending.id, approved: approved.id, funded: underfunded.id };
}

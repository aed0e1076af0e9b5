import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { formatAmount } from "@/lib/console/i18n/format";
import { translateFieldMessage } from "@/lib/console/i18n/field-messages";
import zhTW from "@/lib/console/i18n/messages/zh-TW.json";
import { approvalPolicyUpdateSchema } from "@/lib/studio/approvals/schemas";
import { invoiceCreateSchema } from "@/lib/studio/invoices/schemas";
import { PayoutAmountError, payoutSplit } from "@/lib/studio/payouts/amounts";
import { payoutCreateSchema } from "@/lib/studio/payouts/schemas";

const t = createTranslator({ locale: "zh-TW", messages: zhTW, namespace: "forms.validation" });
const amount = (value: string) => formatAmount(value, "zh-TW");
const say = (message: string) => translateFieldMessage(message, t as never, amount);

/** The messages a schema gives `input`, as the forms would show them. */
function messagesOf(schema: { safeParse: (input: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } }, input: unknown): string[] {
  return schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
}

function splitMessage(gross: string, net: string): string {
  try {
    payoutSplit(gross, net, 2);
  } catch (error) {
    if (error instanceof PayoutAmountError) return error.message;
  }
  throw new Error("no split error");
}

describe("the forms' field errors in zh-TW", () => {
  // If the API words one of these differently, the form would show it in English: this says so.
  it("translates every message the invoice, payout and approval forms get from the shared schemas", () => {
    const messages = new Set([
      ...messagesOf(invoiceCreateSchema, {
        pricing_mode: "barter",
        amount: "1e5",
        pay_token: "USDC",
        chain: "arb",
        origin: "https://console.example",
        creator: "ada",
        recipient_name: "  ",
        recipient_email: "not-an-email",
        organization_name: "x".repeat(201),
        payment_terms: 1.5,
        invoice_issue_date: "2026-01-01T10:00",
        detail_items: [{ name: "Consulting", quantity: 0, unit_price: -1 }],
      }),
      ...messagesOf(invoiceCreateSchema.shape.detail_items, []),
      ...messagesOf(invoiceCreateSchema.shape.invoice_issue_date, "soon"),
      ...messagesOf(invoiceCreateSchema.shape.payment_terms, 4000),
      ...messagesOf(payoutCreateSchema, { pricing_mode: "crypto", pay_token: "USDC", chain: "arb", origin: "ftp://x", creator: "ada" }),
      ...messagesOf(approvalPolicyUpdateSchema, { tiers: [{ from_usd: "5", approvers: 1, org_manage: false }] }),
      ...messagesOf(approvalPolicyUpdateSchema, {
        tiers: [
          { from_usd: "0", approvers: 1, org_manage: false },
          { from_usd: "100", approvers: 2, org_manage: false },
          { from_usd: "50", approvers: 2, org_manage: false },
        ],
      }),
      splitMessage("10", "20"),
      splitMessage("10", "0"),
      splitMessage("10.123", "5"),
    ]);
    expect(messages.size).toBeGreaterThan(10);
    for (const message of messages) expect(say(message), message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("keeps the amounts of a split error, grouped as Taiwan writes them", () => {
    expect(say(splitMessage("1000", "2000"))).toBe("2,000 不得超過總額 1,000");
  });

  it("leaves a message it does not know to be shown as it came", () => {
    expect(say("the Studio is on fire")).toBeUndefined();
  });
});

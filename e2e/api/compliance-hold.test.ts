// Compliance review (aml_hold, product-decisions §1–§3): on the sandbox chain, funds from a payer
// on the sandbox's deny list put the payment on hold and its owner into payment_review; from there
// the only way out is a refund.
import { describe, expect, it } from "vitest";
import { SANDBOX_DENIED_PAYERS } from "@/lib/studio/sandbox/deny-list";
import {
  api,
  approvedInvoice,
  approvedPayout,
  createPaymentIntent,
  expectError,
  fundPayoutOk,
  getInvoice,
  invoiceLogs,
  ledgerEntriesOf,
  payIntentOk,
  payOk,
  paymentIntentLogs,
  payoutLogs,
  REFUND_ADDRESS,
} from "./support";

const refundBody = (address: string) => ({ refund_address: address, refund_reason: "payer failed screening", refund_attachments: [] });

describe("a payer on the sandbox deny list", () => {
  it.each([
    ["arb", "USDC", "evm"],
    ["tron", "USDT", "tron"],
    ["sol", "USDC", "sol"],
  ] as const)("holds an on-time, full invoice payment on %s for compliance review; sign is refused, refund returns it", async (chain, token, family) => {
    const invoice = await approvedInvoice({ chain, pay_token: token });
    const { invoice: held } = await payOk(invoice.payment_intent.payment_address, "125.5", { payer_address: SANDBOX_DENIED_PAYERS[family] });
    expect(held.status).toBe("payment_review");
    expect(held.status_category).toBe("action_required");
    expect(held.payment_intent.status).toBe("aml_hold");
    const review = (await invoiceLogs(invoice.id)).at(-1);
    expect(review).toMatchObject({ from_status: "approved", to_status: "payment_review", operator_uid: "system" });
    expect(review?.reason).toContain("compliance review");

    expect(expectError(await api("POST", `/invoice/intent/${invoice.id}/sign`, { role: "admin" }), 409, 40900).message).toContain("aml_hold");
    expect((await getInvoice(invoice.id)).payment_intent.status).toBe("aml_hold");

    const refunded = await api("POST", `/invoice/intent/${invoice.id}/refund`, { role: "admin", body: refundBody(REFUND_ADDRESS[family]) });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data.status).toBe("refunded");
    expect(refunded.body.data.payment_intent).toMatchObject({ status: "refunded", refund_crypto_amount: "125.5" });
  });

  it("matches EVM addresses whatever their case, and leaves other payers alone", async () => {
    const upper = await approvedInvoice();
    const denied = `0x${SANDBOX_DENIED_PAYERS.evm.slice(2).toUpperCase()}`;
    expect((await payOk(upper.payment_intent.payment_address, "125.5", { payer_address: denied })).invoice.payment_intent.status).toBe("aml_hold");
    const clean = await approvedInvoice();
    const { invoice } = await payOk(clean.payment_intent.payment_address, "125.5", { payer_address: REFUND_ADDRESS.evm });
    expect(invoice).toMatchObject({ status: "paid", payment_intent: { status: "success" } });
  });

  it("holds a payout's funding: nothing is sent to the target, and a refund returns the deposit", async () => {
    const payout = await approvedPayout();
    const { payout: held } = await fundPayoutOk(payout, "100", { payer_address: SANDBOX_DENIED_PAYERS.evm });
    expect(held.status).toBe("payment_review");
    expect(held.payment_intent).toMatchObject({ status: "aml_hold", aggregation_tx_hash: null, received_crypto_amount: "100" });
    expect((await payoutLogs(payout.id)).at(-1)).toMatchObject({ from_status: "approved", to_status: "payment_review", operator_uid: "system" });

    const refunded = await api("POST", `/payout/intent/${payout.id}/refund`, { role: "admin", body: refundBody(REFUND_ADDRESS.evm) });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data.status).toBe("refunded");
    expect(refunded.body.data.payment_intent).toMatchObject({ status: "refunded", refund_crypto_amount: "100" });
  });

  it("holds a standalone payment intent: aml_hold itself, nothing credited to the balance, a refund returns it", async () => {
    const intent = await createPaymentIntent({ crypto_amount: "7.25", chain: "arb", pay_token: "USDC" });
    const { payment_intent: held } = await payIntentOk(intent.payment_intent_id, "7.25", { payer_address: SANDBOX_DENIED_PAYERS.evm });
    expect(held).toMatchObject({ status: "aml_hold", status_category: "action_required", aggregation_tx_hash: null, received_crypto_amount: "7.25" });
    const review = (await paymentIntentLogs(intent.payment_intent_id)).at(-1);
    expect(review).toMatchObject({ from_status: "pending", to_status: "aml_hold", operator_uid: "system" });
    expect(review?.reason).toContain("compliance review");
    // Other files move the same balance in parallel: what is checked is that no row, on any page, credits this intent.
    expect(await ledgerEntriesOf(intent.payment_intent_id, { chain: "arb", token: "USDC" })).toEqual([]);

    const refunded = await api("POST", `/payment/intent/${intent.payment_intent_id}/refund`, { role: "admin", body: refundBody(REFUND_ADDRESS.evm) });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: "refunded", refund_crypto_amount: "7.25" });
  });
});

// POST /sandbox/pay: a confirmed transfer and what product-decisions §1/§3 make of it.
import { describe, expect, it } from "vitest";
import { api, approvedInvoice, createInvoice, expectError, getInvoice, invoiceLogs, pay, payOk, REFUND_ADDRESS } from "./support";

const EVM_TX = /^0x[0-9a-f]{64}$/;

describe("sandbox payments", () => {
  it("exact amount → paid / success, with payer, hash, timestamp and amounts filled", async () => {
    const invoice = await approvedInvoice();
    const address = invoice.payment_intent.payment_address;
    const timestamp = Math.floor(Date.now() / 1000) - 30;
    const { transfer, invoice: after } = await payOk(address, "125.5", { payer_address: REFUND_ADDRESS.evm, timestamp });
    expect(transfer.tx_hash).toMatch(EVM_TX);
    expect(after.status).toBe("paid");
    expect(after.payment_intent).toMatchObject({
      status: "success",
      payer_address: REFUND_ADDRESS.evm,
      payment_tx_hash: transfer.tx_hash,
      payment_tx_timestamp: timestamp,
      received_crypto_amount: "125.5",
      aggregated_crypto_amount: "125.5",
    });
    const logs = await invoiceLogs(invoice.id);
    expect(logs.at(-1)).toMatchObject({ from_status: "approved", to_status: "paid", operator_uid: "system" });
    expect(logs.at(-1)?.reason).toContain(transfer.tx_hash);
  });

  it("more → paid with the excess visible; a generated payer address is valid for the chain", async () => {
    const invoice = await approvedInvoice();
    const { invoice: after } = await payOk(invoice.payment_intent.payment_address, "200");
    expect(after.status).toBe("paid");
    expect(after.payment_intent.status).toBe("success");
    expect(after.payment_intent.crypto_amount).toBe("125.5");
    expect(after.payment_intent.received_crypto_amount).toBe("200");
    expect(after.payment_intent.payer_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it("less → underpaid / insufficient_not_refunded; a top-up short of the amount is summed but the status stays", async () => {
    const invoice = await approvedInvoice();
    const address = invoice.payment_intent.payment_address;
    const first = await payOk(address, "100.25");
    expect(first.invoice.status).toBe("underpaid");
    expect(first.invoice.payment_intent.status).toBe("insufficient_not_refunded");
    const second = await payOk(address, "25.2");
    expect(second.invoice.status).toBe("underpaid");
    expect(second.invoice.payment_intent.received_crypto_amount).toBe("125.45");
    expect(second.invoice.payment_intent.aggregated_crypto_amount).toBe("125.45");
    // The payment fields keep describing the transfer that confirmed the payment.
    expect(second.invoice.payment_intent.payment_tx_hash).toBe(first.transfer.tx_hash);
    expect((await invoiceLogs(invoice.id)).filter((log) => log.operator_uid === "system")).toHaveLength(1);
  });

  it("top-up rule (product-decisions §9): 120.25 then 30.25 on 150.5 before the deadline → paid / success, one more system log row", async () => {
    const invoice = await approvedInvoice({
      amount: "150.5",
      detail_items: [
        { name: "Widget", quantity: 2, unit_price: 50 },
        { name: "Setup", quantity: 1, unit_price: 45, tax: 5.5 },
      ],
    });
    expect(invoice.payment_intent.crypto_amount).toBe("150.5");
    const address = invoice.payment_intent.payment_address;
    const first = await payOk(address, "120.25");
    expect(first.invoice.status).toBe("underpaid");
    const second = await payOk(address, "30.25");
    expect(second.invoice.status).toBe("paid");
    expect(second.invoice.payment_intent.status).toBe("success");
    expect(second.invoice.payment_intent.received_crypto_amount).toBe("150.5");
    expect(second.invoice.payment_intent.payment_tx_hash).toBe(first.transfer.tx_hash);
    const systemLogs = (await invoiceLogs(invoice.id)).filter((log) => log.operator_uid === "system");
    expect(systemLogs.map((log) => [log.from_status, log.to_status])).toEqual([
      ["approved", "underpaid"],
      ["underpaid", "paid"],
    ]);
    expect(systemLogs.at(-1)?.reason).toContain(second.transfer.tx_hash);
    // Beyond the amount the overpayment rules apply: the excess is recorded, the status stays paid.
    const third = await payOk(address, "5");
    expect(third.invoice.status).toBe("paid");
    expect(third.invoice.payment_intent.received_crypto_amount).toBe("155.5");
    expect((await invoiceLogs(invoice.id)).filter((log) => log.operator_uid === "system")).toHaveLength(2);
  });

  it("top-up rule: an overshooting top-up pays; one after the deadline is late funds and leaves it underpaid", async () => {
    const over = await approvedInvoice();
    await payOk(over.payment_intent.payment_address, "100");
    const overTop = await payOk(over.payment_intent.payment_address, "50");
    expect(overTop.invoice.status).toBe("paid");
    expect(overTop.invoice.payment_intent.received_crypto_amount).toBe("150");

    const late = await approvedInvoice();
    await payOk(late.payment_intent.payment_address, "100");
    const lateTop = await payOk(late.payment_intent.payment_address, "25.5", { timestamp: late.payment_intent.payment_deadline + 1 });
    expect(lateTop.invoice.status).toBe("underpaid");
    expect(lateTop.invoice.payment_intent.status).toBe("insufficient_not_refunded");
    expect(lateTop.invoice.payment_intent.received_crypto_amount).toBe("125.5");
    expect((await invoiceLogs(late.id)).filter((log) => log.operator_uid === "system")).toHaveLength(1);
  });

  it("after the deadline → payment_review / manual_review", async () => {
    const invoice = await approvedInvoice();
    const { invoice: after } = await payOk(invoice.payment_intent.payment_address, "125.5", {
      timestamp: invoice.payment_intent.payment_deadline + 1,
    });
    expect(after.status).toBe("payment_review");
    expect(after.payment_intent.status).toBe("manual_review");
    expect((await invoiceLogs(invoice.id)).at(-1)).toMatchObject({ to_status: "payment_review", operator_uid: "system" });
  });

  it("a payment exactly at the deadline is on time", async () => {
    const invoice = await approvedInvoice();
    const { invoice: after } = await payOk(invoice.payment_intent.payment_address, "125.5", {
      timestamp: invoice.payment_intent.payment_deadline,
    });
    expect(after.status).toBe("paid");
  });

  it("needs transfer:sign in the owning organization and is 404 for others or unknown addresses", async () => {
    const invoice = await approvedInvoice();
    const address = invoice.payment_intent.payment_address;
    expectError(await pay(address, "1", { role: "admin", orgIndex: 1 }), 404, 40400);
    expectError(await pay("0x0000000000000000000000000000000000000001", "1"), 404, 40400);
    expectError(
      await api("POST", "/sandbox/payment_intent/pi_unknown/pay", { role: "admin", body: { amount: "1" } }),
      404,
      40400,
    );
    expectError(await api("POST", "/sandbox/pay", { key: null, body: { payment_address: address, amount: "1" } }), 401, 40100);
    // It marks funds as arrived: only people who may move funds (transfer:sign) may simulate it.
    for (const role of ["viewer", "finance", "approver"] as const) {
      expect(expectError(await pay(address, "125.5", { role }), 403, 40300).message).toContain("transfer:sign");
    }
    expect((await getInvoice(invoice.id)).status).toBe("approved");
    const { invoice: after } = await payOk(address, "125.5", { role: "admin" });
    expect(after.status).toBe("paid");
  });

  it("refuses bad amounts (400) and payer addresses invalid for the chain (422), recording nothing", async () => {
    const invoice = await approvedInvoice();
    const address = invoice.payment_intent.payment_address;
    for (const amount of ["0", "1.0000001", "-1", "1e3", ""]) {
      expect(expectError(await pay(address, amount), 400, 40000).errors?.[0]?.field).toBe("amount");
    }
    expectError(await api("POST", "/sandbox/pay", { role: "admin", body: { payment_address: address, amount: 1 } }), 400, 40000);
    const wrongPayer = await pay(address, "1", { payer_address: REFUND_ADDRESS.tron });
    expect(expectError(wrongPayer, 422, 42200).errors?.[0]?.field).toBe("payer_address");
    const after = await getInvoice(invoice.id);
    expect(after.status).toBe("approved");
    expect(after.payment_intent.received_crypto_amount).toBeNull();
  });

  it("keeps 18-decimal amounts exact on BSC", async () => {
    const invoice = await approvedInvoice({ chain: "bsc", pay_token: "USDT" });
    expect(invoice.payment_intent.decimals).toBe(18);
    const address = invoice.payment_intent.payment_address;
    const first = await payOk(address, "125.499999999999999999");
    expect(first.invoice.status).toBe("underpaid");
    const second = await payOk(address, "0.000000000000000002");
    expect(second.invoice.payment_intent.received_crypto_amount).toBe("125.500000000000000001");
    expectError(await pay(address, "0.0000000000000000001"), 400, 40000);
  });

  it("pays Tron and Solana addresses with their own hash formats", async () => {
    const tron = await approvedInvoice({ chain: "tron", pay_token: "USDT" });
    const tronPaid = await payOk(tron.payment_intent.payment_address, "125.5", { payer_address: REFUND_ADDRESS.tron });
    expect(tronPaid.transfer.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tronPaid.invoice.payment_intent.payer_address).toBe(REFUND_ADDRESS.tron);
    const sol = await approvedInvoice({ chain: "sol", pay_token: "USDC" });
    const solPaid = await payOk(sol.payment_intent.payment_address, "125.5");
    expect(solPaid.transfer.tx_hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    expect(solPaid.invoice.payment_intent.payer_address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it("the payment_intent alias records the same way; an unapproved invoice has no live address (409)", async () => {
    const created = await createInvoice();
    const path = `/sandbox/payment_intent/${created.payment_intent.payment_intent_id}/pay`;
    const early = await api("POST", path, { role: "admin", body: { amount: "125.5" } });
    expect(expectError(early, 409, 40900).message).toContain("approval_pending");
    const approved = await api("POST", `/invoice/intent/${created.id}/approve`, { role: "approver" });
    expect(approved.status).toBe(200);
    const paid = await api("POST", path, { role: "admin", body: { amount: "125.5" } });
    expect(paid.status).toBe(200);
    expect(paid.body.data.invoice.status).toBe("paid");
    expect(paid.body.data.transfer.payment_address).toBe(approved.body.data.payment_intent.payment_address);
  });
});

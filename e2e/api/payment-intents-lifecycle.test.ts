// A standalone payment intent on the sandbox chain (product-decisions §3): exact or more → success
// and the balance credited; less → insufficient_not_refunded; late → manual_review; nothing by the
// deadline → expired (the sweeper); refunds from every status that allows one. Lists find intents
// by their filters, by address and by transaction hash.
import { describe, expect, it } from "vitest";
import {
  api,
  approvedInvoice,
  approvedPayout,
  balanceUnits,
  createInvoice,
  createPaymentIntent,
  expectError,
  getPaymentIntent,
  ledgerEntriesOf,
  listPaymentIntents,
  payIntent,
  payIntentOk,
  payOk,
  paymentIntentLogs,
  REFUND_ADDRESS,
} from "./support";

const EVM_TX = /^0x[0-9a-f]{64}$/;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const refundBody = (reason = "customer asked") => ({ refund_address: REFUND_ADDRESS.evm, refund_reason: reason, refund_attachments: [] });

const ledgerFor = (paymentIntentId: string) => ledgerEntriesOf(paymentIntentId, { chain: "eth", token: "USDT" });

// eth/USDT: a balance these tests have to themselves, so its deltas are theirs alone.
const onEth = (overrides: Record<string, unknown> = {}) => createPaymentIntent({ chain: "eth", pay_token: "USDT", ...overrides });

describe("funding", () => {
  it("exactly the amount → success; the whole amount settles to the treasury and credits the balance; logged as system", async () => {
    const before = await balanceUnits("eth", "USDT");
    const intent = await onEth({ crypto_amount: "40.5" });
    const timestamp = nowSeconds() - 10;
    const { transfer, payment_intent: after } = await payIntentOk(intent.payment_intent_id, "40.5", {
      payer_address: REFUND_ADDRESS.evm,
      timestamp,
    });
    expect(transfer.tx_hash).toMatch(EVM_TX);
    expect(after).toMatchObject({
      payment_intent_id: intent.payment_intent_id,
      status: "success",
      status_category: "completed",
      payer_address: REFUND_ADDRESS.evm,
      payment_tx_hash: transfer.tx_hash,
      payment_tx_timestamp: timestamp,
      received_crypto_amount: "40.5",
      aggregated_crypto_amount: "40.5",
    });
    expect(after.aggregation_tx_hash).toMatch(EVM_TX);
    expect(after.finalized_timestamp).toBeGreaterThan(0);
    expect(await getPaymentIntent(intent.payment_intent_id)).toEqual(after);
    expect(await balanceUnits("eth", "USDT")).toBe(before + 40_500_000n);
    expect(await ledgerFor(intent.payment_intent_id)).toEqual([expect.objectContaining({ kind: "payment_settlement", amount: "40.5" })]);
    const logs = await paymentIntentLogs(intent.payment_intent_id);
    expect(logs.map((log) => [log.from_status, log.to_status, log.operator_uid])).toEqual([
      ["", "pending", expect.stringMatching(/^usr_/)],
      ["pending", "success", "system"],
    ]);
    expect(logs[0]?.payment_intent_id).toBe(intent.payment_intent_id);
  });

  it("more than the amount → success, and the whole amount received (excess included) is credited", async () => {
    const before = await balanceUnits("eth", "USDT");
    const intent = await onEth({ crypto_amount: "10" });
    const { payment_intent: after } = await payIntentOk(intent.payment_intent_id, "12.25");
    expect(after).toMatchObject({ status: "success", crypto_amount: "10", received_crypto_amount: "12.25" });
    expect(await balanceUnits("eth", "USDT")).toBe(before + 12_250_000n);
    // A settled intent's address takes nothing more.
    expectError(await payIntent(intent.payment_intent_id, "1"), 409, 40900);
  });

  it("less than the amount → insufficient_not_refunded, nothing credited; a top-up short of it keeps the status, one that completes it on time → success", async () => {
    const before = await balanceUnits("eth", "USDT");
    const intent = await onEth({ crypto_amount: "10" });
    const first = await payIntentOk(intent.payment_intent_id, "9.5");
    expect(first.payment_intent).toMatchObject({ status: "insufficient_not_refunded", status_category: "action_required", aggregation_tx_hash: null });
    const second = await payIntentOk(intent.payment_intent_id, "0.25");
    expect(second.payment_intent).toMatchObject({ status: "insufficient_not_refunded", received_crypto_amount: "9.75", payment_tx_hash: first.transfer.tx_hash });
    expect(await balanceUnits("eth", "USDT")).toBe(before);
    expect(await ledgerFor(intent.payment_intent_id)).toEqual([]);
    // Product decisions §9 (amended): before the deadline, the top-up that brings the total to the amount settles it.
    const third = await payIntentOk(intent.payment_intent_id, "0.25");
    expect(third.payment_intent).toMatchObject({ status: "success", received_crypto_amount: "10" });
    expect(await balanceUnits("eth", "USDT")).toBe(before + 10_000_000n);
    const logs = await paymentIntentLogs(intent.payment_intent_id);
    expect(logs.filter((log) => log.to_status === "success")).toEqual([expect.objectContaining({ from_status: "insufficient_not_refunded", operator_uid: "system" })]);
  });

  it("after the deadline → manual_review, nothing credited", async () => {
    const deadline = nowSeconds() + 120;
    const intent = await onEth({ payment_deadline: deadline });
    const { payment_intent: after } = await payIntentOk(intent.payment_intent_id, "10", { timestamp: deadline + 1 });
    expect(after.status).toBe("manual_review");
    const logs = await paymentIntentLogs(intent.payment_intent_id);
    expect(logs.at(-1)).toMatchObject({ from_status: "pending", to_status: "manual_review", operator_uid: "system" });
    expect(logs.at(-1)?.reason).toMatch(/after the payment deadline/);
    expect(await ledgerFor(intent.payment_intent_id)).toEqual([]);
  });

  it("no funds by the deadline → expired by the sweeper; funds arriving later → manual_review", async () => {
    const intent = await onEth({ payment_deadline: nowSeconds() + 2 });
    let current = intent;
    for (const until = Date.now() + 15_000; current.status === "pending" && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = await getPaymentIntent(intent.payment_intent_id);
    }
    expect(current).toMatchObject({ status: "expired", status_category: "closed" });
    expect((await paymentIntentLogs(intent.payment_intent_id)).at(-1)).toMatchObject({ from_status: "pending", to_status: "expired", operator_uid: "system" });
    const late = await payIntentOk(intent.payment_intent_id, "10");
    expect(late.payment_intent.status).toBe("manual_review");
  });
});

describe("refunds (POST /payment/intent/{id}/refund, extension)", () => {
  it("insufficient_not_refunded → insufficient_refunded: everything received goes back, nothing leaves the balance", async () => {
    const intent = await onEth();
    await payIntentOk(intent.payment_intent_id, "4");
    const before = await balanceUnits("eth", "USDT");
    const response = await api("POST", `/payment/intent/${intent.payment_intent_id}/refund`, { role: "admin", body: refundBody() });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      status: "insufficient_refunded",
      status_category: "completed",
      refund_crypto_amount: "4",
      // Spec 2.4's name for it in the payment intent endpoints' description.
      refund_amount: "4",
      refund_address: REFUND_ADDRESS.evm,
      refund_reason: "customer asked",
    });
    expect(response.body.data.refund_tx_hash).toMatch(EVM_TX);
    expect(await balanceUnits("eth", "USDT")).toBe(before);
    expect((await paymentIntentLogs(intent.payment_intent_id)).at(-1)).toMatchObject({ to_status: "insufficient_refunded", reason: "customer asked" });
  });

  it("success → refunded: the credit is reversed by a new ledger row (never an edit)", async () => {
    const intent = await onEth({ crypto_amount: "7" });
    await payIntentOk(intent.payment_intent_id, "7");
    const before = await balanceUnits("eth", "USDT");
    const response = await api("POST", `/payment/intent/${intent.payment_intent_id}/refund`, { role: "admin", body: refundBody() });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ status: "refunded", refund_crypto_amount: "7", refund_amount: "7" });
    expect(await balanceUnits("eth", "USDT")).toBe(before - 7_000_000n);
    const entries = await ledgerFor(intent.payment_intent_id);
    expect(entries.map((entry) => [entry.kind, entry.amount]).sort()).toEqual([
      ["payment_refund", "-7"],
      ["payment_settlement", "7"],
    ]);
  });

  it("manual_review → refunded", async () => {
    const deadline = nowSeconds() + 120;
    const intent = await onEth({ payment_deadline: deadline });
    await payIntentOk(intent.payment_intent_id, "10", { timestamp: deadline + 5 });
    const response = await api("POST", `/payment/intent/${intent.payment_intent_id}/refund`, { role: "admin", body: refundBody() });
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe("refunded");
  });

  it("refused: from pending and after a refund (409 naming the status), transfer:sign needed, the refund address checked, the body validated", async () => {
    const intent = await onEth();
    const url = `/payment/intent/${intent.payment_intent_id}/refund`;
    expect(expectError(await api("POST", url, { role: "admin", body: refundBody() }), 409, 40900).message).toContain("pending");
    await payIntentOk(intent.payment_intent_id, "1");
    for (const role of ["finance", "approver", "viewer"] as const) {
      expect(expectError(await api("POST", url, { role, body: refundBody() }), 403, 40300).message).toContain("transfer:sign");
    }
    const badAddress = expectError(await api("POST", url, { role: "admin", body: { ...refundBody(), refund_address: REFUND_ADDRESS.tron } }), 422, 42200);
    expect(badAddress.errors?.[0]?.field).toBe("refund_address");
    const missing = expectError(await api("POST", url, { role: "admin", body: { refund_address: REFUND_ADDRESS.evm } }), 400, 40000);
    expect(missing.errors?.map((issue) => issue.field).sort()).toEqual(["refund_attachments", "refund_reason"]);
    expect((await getPaymentIntent(intent.payment_intent_id)).status).toBe("insufficient_not_refunded");
    expect((await api("POST", url, { role: "admin", body: refundBody() })).status).toBe(200);
    expect(expectError(await api("POST", url, { role: "admin", body: refundBody() }), 409, 40900).message).toContain("insufficient_refunded");
  });
});

describe("list", () => {
  it("filters by status, chain, token and group_key; finds by id, deposit address, payer and tx hash; counts per category", async () => {
    const group = `list-${Date.now()}`;
    const paid = await createPaymentIntent({ group_key: group, chain: "polygon", pay_token: "USDT" });
    const pending = await createPaymentIntent({ group_key: group, chain: "polygon" });
    const under = await createPaymentIntent({ group_key: group });
    const { transfer } = await payIntentOk(paid.payment_intent_id, "10", { payer_address: "0x00000000219ab540356cBB839Cbe05303d7705Fa" });
    await payIntentOk(under.payment_intent_id, "1");

    const ids = async (query: Record<string, string | number | undefined>) => {
      const response = await listPaymentIntents({ group_key: group, ...query });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.data as Array<{ payment_intent_id: string }>).map((row) => row.payment_intent_id);
    };
    const all = await listPaymentIntents({ group_key: group });
    expect(all.body.data.map((row: { payment_intent_id: string }) => row.payment_intent_id)).toEqual([
      under.payment_intent_id,
      pending.payment_intent_id,
      paid.payment_intent_id,
    ]);
    expect(all.body.paging).toEqual({ page_number: 1, page_size: 20, total_count: 3, next_starting_after: null });
    expect(all.body.counts).toEqual({ pending_review: 0, awaiting_payment: 1, action_required: 1, completed: 1, closed: 0 });
    expect(await ids({ status: "success" })).toEqual([paid.payment_intent_id]);
    expect(await ids({ status_category: "action_required" })).toEqual([under.payment_intent_id]);
    expect(await ids({ chain: "polygon" })).toEqual([pending.payment_intent_id, paid.payment_intent_id]);
    expect(await ids({ token: "USDT" })).toEqual([paid.payment_intent_id]);
    expect(await ids({ chain: "polygon", token: "USDC" })).toEqual([pending.payment_intent_id]);
    expect(await ids({ page_size: 1, page: 2 })).toEqual([pending.payment_intent_id]);

    const found = (search: string) => ids({ group_key: undefined, search });
    expect(await found(pending.payment_address)).toEqual([pending.payment_intent_id]);
    expect(await found(pending.payment_address.toLowerCase())).toEqual([pending.payment_intent_id]);
    expect(await found(transfer.tx_hash)).toEqual([paid.payment_intent_id]);
    expect(await found(transfer.tx_hash.slice(2, 20))).toEqual([paid.payment_intent_id]);
    expect(await found(under.payment_intent_id)).toEqual([under.payment_intent_id]);
    const settled = await getPaymentIntent(paid.payment_intent_id);
    expect(await found(settled.aggregation_tx_hash)).toEqual([paid.payment_intent_id]);
  });

  it("finds a top-up's tx hash too (not only the first payment's)", async () => {
    const intent = await createPaymentIntent();
    await payIntentOk(intent.payment_intent_id, "1");
    const { transfer } = await payIntentOk(intent.payment_intent_id, "2");
    const response = await listPaymentIntents({ search: transfer.tx_hash });
    expect(response.body.data.map((row: { payment_intent_id: string }) => row.payment_intent_id)).toEqual([intent.payment_intent_id]);
  });

  it("created_after / created_before bound the list; bad query values are 400 naming the parameter", async () => {
    const group = `range-${Date.now()}`;
    const first = await createPaymentIntent({ group_key: group });
    const boundary = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await createPaymentIntent({ group_key: group });
    const after = await listPaymentIntents({ group_key: group, created_after: boundary });
    expect(after.body.data.map((row: { payment_intent_id: string }) => row.payment_intent_id)).toEqual([second.payment_intent_id]);
    const before = await listPaymentIntents({ group_key: group, created_before: boundary });
    expect(before.body.data.map((row: { payment_intent_id: string }) => row.payment_intent_id)).toEqual([first.payment_intent_id]);
    for (const [name, value] of [
      ["page_size", "101"],
      ["page", "0"],
      ["status", "paid"],
      ["token", "DAI"],
      ["created_after", "2026-01-01T00:00:00"],
    ] as const) {
      const error = expectError(await listPaymentIntents({ [name]: value }), 400, 40000);
      expect(error.errors?.[0]?.field).toBe(name);
    }
  });
});

describe("GET /payment/intent/{id} for the payment intent an invoice or payout owns (spec 2.4)", () => {
  const standaloneExtras = (record: Record<string, unknown>) => ({ ...record, refund_amount: record.refund_crypto_amount });

  it("answers with the invoice's nested record, naming its owner, as the invoice shows it at every step", async () => {
    const created = await createInvoice();
    const pending = await api("GET", `/payment/intent/${created.payment_intent.payment_intent_id}`, { role: "viewer" });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect(pending.body.data).toEqual({
      ...standaloneExtras(created.payment_intent),
      status_category: created.status_category,
      creator_uid: created.creator_uid,
      updated_at: created.updated_at,
      owner: { type: "invoice", id: created.id },
    });
    expect(pending.body.data.status).toBe("awaiting_approval");

    const approved = await approvedInvoice();
    const { invoice: paid } = await payOk(approved.payment_intent.payment_address, approved.payment_intent.crypto_amount);
    const read = await api("GET", `/payment/intent/${approved.payment_intent.payment_intent_id}`, { role: "viewer" });
    expect(read.body.data).toEqual({
      ...standaloneExtras(paid.payment_intent),
      status_category: paid.status_category,
      creator_uid: paid.creator_uid,
      updated_at: paid.updated_at,
      owner: { type: "invoice", id: paid.id },
    });
    expect(read.body.data).toMatchObject({ status: "success", received_crypto_amount: approved.payment_intent.crypto_amount });
  });

  it("answers for a payout's payment intent too", async () => {
    const payout = await approvedPayout();
    const read = await api("GET", `/payment/intent/${payout.payment_intent.payment_intent_id}`, { role: "viewer" });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toMatchObject({ ...standaloneExtras(payout.payment_intent), owner: { type: "payout", id: payout.id } });
  });

  it("a standalone payment intent has no owner; another organization's nested one is 404, as an unknown id is", async () => {
    const intent = await createPaymentIntent();
    expect(intent.owner).toBeNull();
    expect((await getPaymentIntent(intent.payment_intent_id)).owner).toBeNull();
    const theirs = await createInvoice({ orgIndex: 1 });
    expectError(await api("GET", `/payment/intent/${theirs.payment_intent.payment_intent_id}`, { role: "viewer" }), 404, 40400);
    expectError(await api("GET", "/payment/intent/pi_unknown", { role: "viewer" }), 404, 40400);
  });
});

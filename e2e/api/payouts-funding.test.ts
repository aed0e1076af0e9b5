// Funding a payout on the sandbox chain (product-decisions §2, §3): the gross arrives at the
// deposit address; on time and enough → completed and the net goes out to the target; short →
// underfunded; late → payment_review; no funds by the deadline → expired (the sweeper).
import { describe, expect, it } from "vitest";
import {
  api,
  approvedPayout,
  createPayout,
  expectError,
  fundPayout,
  fundPayoutOk,
  getPayout,
  ledgerEntriesOf,
  PAYOUT_TARGET,
  payoutLogs,
  REFUND_ADDRESS,
  waitForPayoutStatus,
} from "./support";

const EVM_TX = /^0x[0-9a-f]{64}$/;
const TRON_TX = /^[0-9a-f]{64}$/;
const SOL_TX = /^[1-9A-HJ-NP-Za-km-z]{80,90}$/;
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("on-time funding", () => {
  it("exactly the gross → completed / success; the payout transfer is in aggregation_tx_hash; logged as system", async () => {
    const payout = await approvedPayout();
    const timestamp = nowSeconds() - 30;
    const response = await fundPayout(payout, "100", { payer_address: REFUND_ADDRESS.evm, timestamp });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.code).toBe(0);
    const { transfer, payout: after } = response.body.data;
    expect(transfer.tx_hash).toMatch(EVM_TX);
    expect(after).toMatchObject({ id: payout.id, status: "completed", status_category: "completed" });
    expect(after.payment_intent).toMatchObject({
      status: "success",
      payer_address: REFUND_ADDRESS.evm,
      payment_tx_hash: transfer.tx_hash,
      payment_tx_timestamp: timestamp,
      received_crypto_amount: "100",
      exact_out_amount: "98.5",
      kg_fee_amount: "1.5",
      refund_tx_hash: null,
    });
    expect(after.payment_intent.aggregation_tx_hash).toMatch(EVM_TX);
    expect(after.payment_intent.aggregation_tx_hash).not.toBe(transfer.tx_hash);
    expect(await getPayout(payout.id)).toEqual(after);
    // No excess, so nothing is credited to the organization's balance.
    expect(await ledgerEntriesOf(payout.payment_intent.payment_intent_id, { chain: "arb", token: "USDC" })).toEqual([]);
    const logs = await payoutLogs(payout.id);
    expect(logs).toHaveLength(3);
    expect(logs.at(-1)).toMatchObject({ from_status: "approved", to_status: "completed", operator_uid: "system" });
  });

  it("more than the gross → completed all the same, the whole amount shown as received, the excess credited to the balance", async () => {
    const payout = await approvedPayout();
    const { payout: after } = await fundPayoutOk(payout, "250.5");
    expect(after.status).toBe("completed");
    expect(after.payment_intent).toMatchObject({ status: "success", crypto_amount: "100", received_crypto_amount: "250.5" });
    expect(after.payment_intent.aggregation_tx_hash).toMatch(EVM_TX);
    // Product decisions §7: the excess over the gross (250.5 − 100) is the organization's, one ledger row.
    expect(await ledgerEntriesOf(payout.payment_intent.payment_intent_id, { chain: "arb", token: "USDC" })).toEqual([
      expect.objectContaining({ kind: "payout_excess", amount: "150.5", symbol: "USDC", chain_id: "arb", transfer_id: null }),
    ]);
  });

  it("a generated payer address is valid for the chain", async () => {
    const payout = await approvedPayout();
    const { payout: after } = await fundPayoutOk(payout, "100");
    expect(after.payment_intent.payer_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it("less than the gross → underfunded / insufficient_not_refunded, nothing sent; a short top-up keeps the status, one that completes the gross on time sends it", async () => {
    const payout = await approvedPayout();
    const first = await fundPayoutOk(payout, "99.5");
    expect(first.payout).toMatchObject({ status: "underfunded", status_category: "action_required" });
    expect(first.payout.payment_intent).toMatchObject({
      status: "insufficient_not_refunded",
      received_crypto_amount: "99.5",
      payment_tx_hash: first.transfer.tx_hash,
      aggregation_tx_hash: null,
    });
    const second = await fundPayoutOk(payout, "0.25");
    expect(second.payout.status).toBe("underfunded");
    expect(second.payout.payment_intent).toMatchObject({
      status: "insufficient_not_refunded",
      received_crypto_amount: "99.75",
      payment_tx_hash: first.transfer.tx_hash,
      aggregation_tx_hash: null,
    });
    expect(second.transfer.tx_hash).not.toBe(first.transfer.tx_hash);
    // Product decisions §9 (amended): before the deadline, the top-up that completes the gross sends the payout.
    const third = await fundPayoutOk(payout, "0.25");
    expect(third.payout.status).toBe("completed");
    expect(third.payout.payment_intent).toMatchObject({ status: "success", received_crypto_amount: "100" });
    const systemRows = (await payoutLogs(payout.id)).filter((log) => log.operator_uid === "system");
    expect(systemRows.map((log) => [log.from_status, log.to_status])).toEqual([
      ["approved", "underfunded"],
      ["underfunded", "completed"],
    ]);
  });

  it("exactly at the deadline is on time", async () => {
    const payout = await approvedPayout();
    const { payout: after } = await fundPayoutOk(payout, "100", { timestamp: payout.payment_intent.payment_deadline });
    expect(after.status).toBe("completed");
  });

  it("the /sandbox/pay form, by payment address, funds the same way and answers with the payout", async () => {
    const payout = await approvedPayout();
    const response = await api("POST", "/sandbox/pay", {
      role: "admin",
      body: { payment_address: payout.payment_intent.payment_address, amount: "100" },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.payout).toMatchObject({ id: payout.id, status: "completed" });
    expect(response.body.data.transfer.payment_address).toBe(payout.payment_intent.payment_address);
    expect(response.body.data).not.toHaveProperty("invoice");
  });
});

describe("late funding", () => {
  it("after the deadline → payment_review / manual_review, nothing sent; further deposits are summed", async () => {
    const payout = await approvedPayout();
    const late = await fundPayoutOk(payout, "100", { timestamp: payout.payment_intent.payment_deadline + 1 });
    expect(late.payout).toMatchObject({ status: "payment_review", status_category: "action_required" });
    expect(late.payout.payment_intent).toMatchObject({ status: "manual_review", received_crypto_amount: "100", aggregation_tx_hash: null });
    expect((await payoutLogs(payout.id)).at(-1)).toMatchObject({
      from_status: "approved",
      to_status: "payment_review",
      operator_uid: "system",
    });
    const more = await fundPayoutOk(payout, "5");
    expect(more.payout.status).toBe("payment_review");
    expect(more.payout.payment_intent.received_crypto_amount).toBe("105");
    expect((await payoutLogs(payout.id)).filter((log) => log.operator_uid === "system")).toHaveLength(1);
  });
});

describe("expiry (the sweeper runs every 500 ms in tests)", () => {
  it("an approved payout with no funds expires after its deadline, logged once as system; a funded twin does not", async () => {
    // Far enough ahead that the twin's funding lands on time even on a slow machine.
    const deadline = nowSeconds() + 4;
    const [idle, funded] = await Promise.all([
      approvedPayout({ payment_deadline: deadline }),
      approvedPayout({ payment_deadline: deadline }),
    ]);
    expect(idle.payment_intent.payment_deadline).toBe(deadline);
    await fundPayoutOk(funded, "100");
    const expired = await waitForPayoutStatus(idle.id, "expired", (deadline + 20) * 1000 - Date.now());
    expect(expired).toMatchObject({ status: "expired", status_category: "closed" });
    expect(expired.payment_intent.status).toBe("expired");
    expect(expired.payment_intent.received_crypto_amount).toBeNull();
    const logs = await payoutLogs(idle.id);
    expect(logs.at(-1)).toMatchObject({ from_status: "approved", to_status: "expired", operator_uid: "system" });
    expect(logs.filter((log) => log.to_status === "expired")).toHaveLength(1);
    // The twin shared the deadline and the sweep that expired `idle`; funds kept it completed.
    expect((await getPayout(funded.id)).status).toBe("completed");
    expect((await payoutLogs(funded.id)).filter((log) => log.to_status === "expired")).toHaveLength(0);
  }, 40_000);

  it("funds arriving after expiry → payment_review / manual_review, received recorded", async () => {
    const deadline = nowSeconds() + 1;
    const payout = await approvedPayout({ payment_deadline: deadline });
    const expired = await waitForPayoutStatus(payout.id, "expired", (deadline + 20) * 1000 - Date.now());
    expect(expired.status).toBe("expired");
    const { payout: after } = await fundPayoutOk(payout, "100");
    expect(after.status).toBe("payment_review");
    expect(after.payment_intent).toMatchObject({ status: "manual_review", received_crypto_amount: "100", aggregation_tx_hash: null });
    expect((await payoutLogs(payout.id)).at(-1)).toMatchObject({
      from_status: "expired",
      to_status: "payment_review",
      operator_uid: "system",
    });
  }, 40_000);

  it("a payout still waiting for approval never expires, even with its deadline past", async () => {
    const deadline = nowSeconds() + 1;
    const [pending, approved] = await Promise.all([
      createPayout({ overrides: { payment_deadline: deadline } }),
      approvedPayout({ payment_deadline: deadline }),
    ]);
    // Wait on the approved twin: once the sweeper has expired it, it has also passed over `pending`.
    expect((await waitForPayoutStatus(approved.id, "expired", (deadline + 20) * 1000 - Date.now())).status).toBe("expired");
    const after = await getPayout(pending.id);
    expect(after.status).toBe("approval_pending");
    expect(after.payment_intent.status).toBe("awaiting_approval");
  }, 40_000);
});

describe("deposits where no deposit is expected → 409/40900, nothing recorded", () => {
  it.each(["approval_pending", "rejected", "completed", "refunded"] as const)("into a %s payout", async (status) => {
    let payout = await createPayout();
    if (status === "rejected") {
      payout = (await api("POST", `/payout/intent/${payout.id}/reject`, { role: "approver", body: { reason: "no" } })).body.data;
    } else if (status !== "approval_pending") {
      payout = await approvedPayout();
      payout = (await fundPayoutOk(payout, status === "completed" ? "100" : "1")).payout;
      if (status === "refunded") {
        const refund = await api("POST", `/payout/intent/${payout.id}/refund`, {
          role: "admin",
          body: { refund_address: REFUND_ADDRESS.evm, refund_reason: "r", refund_attachments: [] },
        });
        payout = refund.body.data;
      }
    }
    expect(payout.status).toBe(status);
    const error = expectError(await fundPayout(payout, "1"), 409, 40900);
    expect(error.message).toContain(status);
    const after = await getPayout(payout.id);
    expect(after).toEqual(payout);
  });
});

describe("amounts and chains", () => {
  it("refuses bad amounts (400) and payer addresses invalid for the chain (422), recording nothing", async () => {
    const payout = await approvedPayout();
    for (const amount of ["0", "1.0000001", "-1", "1e3", ""]) {
      expect(expectError(await fundPayout(payout, amount), 400, 40000).errors?.[0]?.field).toBe("amount");
    }
    const wrongPayer = await fundPayout(payout, "100", { payer_address: REFUND_ADDRESS.tron });
    expect(expectError(wrongPayer, 422, 42200).errors?.[0]?.field).toBe("payer_address");
    expect(await getPayout(payout.id)).toEqual(payout);
  });

  it("keeps 18-decimal amounts exact on BSC", async () => {
    const payout = await approvedPayout({ chain: "bsc", pay_token: "USDT", amount: "100", exact_out_amount: "99.999999999999999999" });
    const first = await fundPayoutOk(payout, "99.999999999999999999");
    expect(first.payout.status).toBe("underfunded");
    const second = await fundPayoutOk(payout, "0.000000000000000002");
    expect(second.payout.payment_intent.received_crypto_amount).toBe("100.000000000000000001");
    const exact = await approvedPayout({ chain: "bsc", pay_token: "USDT", amount: "100", exact_out_amount: "99.999999999999999999" });
    expect((await fundPayoutOk(exact, "100")).payout.status).toBe("completed");
  });

  it("a fiat TWD payout is funded in token units: the rounded-up gross completes it, a unit less does not", async () => {
    const overrides = { pricing_mode: "fiat", currency: "TWD", amount: "1000", exact_out_amount: "650" };
    const [short, full] = await Promise.all([approvedPayout(overrides), approvedPayout(overrides)]);
    expect(full.payment_intent.crypto_amount).toBe("30.769231");
    expect((await fundPayoutOk(short, "30.76923")).payout.status).toBe("underfunded");
    expect((await fundPayoutOk(full, "30.769231")).payout.status).toBe("completed");
  });

  it("Tron and Solana payouts complete with their own hash formats", async () => {
    const tron = await approvedPayout({ chain: "tron", pay_token: "USDT", payout_target_address: PAYOUT_TARGET.tron });
    const tronPaid = await fundPayoutOk(tron, "100", { payer_address: REFUND_ADDRESS.tron });
    expect(tronPaid.transfer.tx_hash).toMatch(TRON_TX);
    expect(tronPaid.payout.status).toBe("completed");
    expect(tronPaid.payout.payment_intent.aggregation_tx_hash).toMatch(TRON_TX);
    const sol = await approvedPayout({ chain: "sol", pay_token: "USDC", payout_target_address: PAYOUT_TARGET.sol });
    const solPaid = await fundPayoutOk(sol, "100");
    expect(solPaid.transfer.tx_hash).toMatch(SOL_TX);
    expect(solPaid.payout.status).toBe("completed");
    expect(solPaid.payout.payment_intent.aggregation_tx_hash).toMatch(SOL_TX);
  });

  it("another organization cannot fund the payout (404), nor can an unknown payment intent", async () => {
    const payout = await approvedPayout();
    expectError(await fundPayout(payout, "100", { role: "admin", orgIndex: 1 }), 404, 40400);
    expectError(
      await api("POST", "/sandbox/pay", { role: "admin", orgIndex: 1, body: { payment_address: payout.payment_intent.payment_address, amount: "1" } }),
      404,
      40400,
    );
    expectError(await api("POST", "/sandbox/payment_intent/pi_unknown/pay", { role: "admin", body: { amount: "1" } }), 404, 40400);
    expect((await getPayout(payout.id)).status).toBe("approved");
  });
});

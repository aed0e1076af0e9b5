// The payout actions' rules beyond the state table: what PUT may change and re-checks, what approve
// writes (address, deadline), maker-checker, reject and refund bodies, and the log.
import { describe, expect, it } from "vitest";
import {
  api,
  approvedPayout,
  approvePayout,
  createPayout,
  expectError,
  fundPayoutOk,
  getPayout,
  PAYOUT_TARGET,
  payoutLogs,
  REFUND_ADDRESS,
  user,
} from "./support";
import { isValidAddress } from "@/lib/studio/chain/addresses";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const SOL_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const EVM_TX = /^0x[0-9a-f]{64}$/;

function put(id: string, body: unknown, role: "finance" | "admin" = "finance") {
  return api("PUT", `/payout/intent/${id}`, { role, body });
}

/** Status, payment intent and log length: what "nothing changed" means for a payout. */
async function snapshot(id: string) {
  const payout = await getPayout(id);
  return { payout, logs: (await payoutLogs(id)).length };
}

describe("PUT /payout/intent/{id}", () => {
  it("changes every PayoutUpdateRequest field, keeps the rest, and logs 'updated' by the caller", async () => {
    const payout = await createPayout();
    const changes = {
      recipient_name: "Renamed Payee",
      recipient_email: `Renamed-${payout.recipient_email}`,
      recipient_account_email: "Account@Example.test",
      organization_name: "Renamed Payee Org",
      organization_email: `new-${payout.organization_email}`,
      description: "Edited description",
      attachment: { file_id: "file_edited" },
      exact_out_amount: "97.25",
      chain: "bsc",
      pay_token: "USDT",
      payout_target_address: REFUND_ADDRESS.evm,
      recipient_type: "individual",
      recipient_uid: "uid-edited",
      recipient_org_id: 4242,
      recipient_phone: "+1 555 0100",
    };
    const response = await put(payout.id, changes);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const updated = response.body.data;
    expect(updated).toMatchObject({
      id: payout.id,
      payout_id: payout.payout_id,
      status: "approval_pending",
      recipient_name: "Renamed Payee",
      recipient_email: changes.recipient_email.toLowerCase(),
      recipient_account_email: "account@example.test",
      organization_name: "Renamed Payee Org",
      organization_email: changes.organization_email,
      description: "Edited description",
      attachment: { file_id: "file_edited" },
      recipient_type: "individual",
      recipient_uid: "uid-edited",
      recipient_org_id: 4242,
      recipient_phone: "+1 555 0100",
      amount: "100",
      exact_out_amount: "97.25",
      kg_fee_amount: "2.75",
      creator: payout.creator,
      creator_uid: payout.creator_uid,
    });
    expect(updated.payment_intent).toMatchObject({
      payment_intent_id: payout.payment_intent.payment_intent_id,
      status: "awaiting_approval",
      payment_chain_id: "bsc",
      symbol: "USDT",
      token_address: "0x55d398326f99059fF775485246999027B3197955",
      decimals: 18,
      crypto_amount: "100",
      exact_out_amount: "97.25",
      kg_fee_amount: "2.75",
      payout_target_address: REFUND_ADDRESS.evm,
    });
    expect(await getPayout(payout.id)).toEqual(updated);
    const logs = await payoutLogs(payout.id);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatchObject({
      payout_id: payout.id,
      from_status: "approval_pending",
      to_status: "approval_pending",
      operator_uid: user("finance").uid,
      reason: "updated",
    });
    expect(logs[1]!.id).toBeGreaterThan(logs[0]!.id);
  });

  it("an empty body changes nothing and writes no log row, so it makes nobody an editor", async () => {
    const payout = await createPayout();
    const response = await put(payout.id, {}, "admin");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(payout);
    const logs = await payoutLogs(payout.id);
    expect(logs.map((log) => [log.reason, log.operator_uid])).toEqual([["created", user("finance").uid]]);
    expect((await api("POST", `/payout/intent/${payout.id}/approve`, { role: "admin" })).status).toBe(200);
  });

  it("a new exact_out_amount recomputes the fee; equal to amount → fee 0; above amount → 400, nothing changed", async () => {
    const payout = await createPayout();
    const equal = await put(payout.id, { exact_out_amount: "100" });
    expect(equal.body.data).toMatchObject({ exact_out_amount: "100", kg_fee_amount: "0" });
    expect(equal.body.data.payment_intent).toMatchObject({ exact_out_amount: "100", kg_fee_amount: "0", crypto_amount: "100" });
    const before = await snapshot(payout.id);
    const above = await put(payout.id, { exact_out_amount: "100.000001" });
    const error = expectError(above, 400, 40000);
    expect(error.errors?.[0]?.field).toBe("exact_out_amount");
    expect(await snapshot(payout.id)).toEqual(before);
    const tiny = await put(payout.id, { exact_out_amount: "0.000001" });
    expect(tiny.body.data).toMatchObject({ kg_fee_amount: "99.999999" });
  });

  it("for a fiat payout, a new exact_out_amount is in the payout's currency and re-priced into the token", async () => {
    const payout = await createPayout({ overrides: { pricing_mode: "fiat", currency: "TWD", amount: "1000", exact_out_amount: "650" } });
    const response = await put(payout.id, { exact_out_amount: "325" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ amount: "1000.00", exact_out_amount: "325.00", kg_fee_amount: "675.00" });
    expect(response.body.data.payment_intent).toMatchObject({ crypto_amount: "30.769231", exact_out_amount: "10", kg_fee_amount: "20.769231" });
    expectError(await put(payout.id, { exact_out_amount: "325.001" }), 400, 40000);
  });

  it("moving to 18 decimals keeps the amounts; an exact_out_amount with more places than the token is refused", async () => {
    const payout = await createPayout();
    const moved = await put(payout.id, { chain: "bsc", exact_out_amount: "98.123456789" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.payment_intent).toMatchObject({ decimals: 18, crypto_amount: "100", kg_fee_amount: "1.876543211" });
    // Back to 6 decimals with a 9-place net: the stored net no longer fits the token.
    const back = await put(payout.id, { chain: "arb", exact_out_amount: "98.1234567" });
    expect(expectError(back, 400, 40000).errors?.[0]?.field).toBe("exact_out_amount");
  });

  it("re-validates the token on the chain: USDT on base → 422/42200, nothing changed", async () => {
    const payout = await createPayout();
    const before = await snapshot(payout.id);
    const both = await put(payout.id, { chain: "base", pay_token: "USDT" });
    expect(expectError(both, 422, 42200).message).toContain("USDT");
    const onBase = await createPayout({ overrides: { chain: "base" } });
    const tokenOnly = await put(onBase.id, { pay_token: "USDT" });
    expect(expectError(tokenOnly, 422, 42200).errors?.[0]?.field).toBe("pay_token");
    const unknown = await put(payout.id, { chain: "dogecoin" });
    expect(expectError(unknown, 422, 42200).errors?.[0]?.field).toBe("chain");
    expect(await snapshot(payout.id)).toEqual(before);
  });

  it("re-validates the stored target address when the chain changes family, and a new target on the new chain", async () => {
    const payout = await createPayout();
    const before = await snapshot(payout.id);
    const tronKeepingEvmTarget = await put(payout.id, { chain: "tron", pay_token: "USDT" });
    expect(expectError(tronKeepingEvmTarget, 422, 42200).errors?.map((issue) => issue.field)).toContain("payout_target_address");
    const badTarget = await put(payout.id, { payout_target_address: "0xDE0B295669a9FD93d5F28D9Ec85E40f4cb697BAe" });
    expect(expectError(badTarget, 422, 42200).errors?.[0]?.field).toBe("payout_target_address");
    expect(await snapshot(payout.id)).toEqual(before);

    const moved = await put(payout.id, { chain: "tron", pay_token: "USDT", payout_target_address: PAYOUT_TARGET.tron });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.payment_intent).toMatchObject({
      payment_chain_id: "tron",
      symbol: "USDT",
      token_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      decimals: 6,
    });
    // And the approval then opens a Tron deposit address.
    const approved = await approvePayout(payout.id);
    expect(approved.payment_intent.payment_address).toMatch(TRON_ADDRESS);
  });

  it("on a rejected payout resubmits it: approval_pending / awaiting_approval, reason 'resubmitted'", async () => {
    const payout = await createPayout();
    const rejected = await api("POST", `/payout/intent/${payout.id}/reject`, { role: "approver", body: { reason: "wrong net" } });
    expect(rejected.body.data.payment_intent.status).toBe("cancelled");
    const response = await put(payout.id, { exact_out_amount: "99" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ status: "approval_pending", status_category: "pending_review", kg_fee_amount: "1" });
    expect(response.body.data.payment_intent.status).toBe("awaiting_approval");
    const logs = await payoutLogs(payout.id);
    expect(logs.map((log) => [log.from_status, log.to_status, log.reason])).toEqual([
      ["", "approval_pending", "created"],
      ["approval_pending", "rejected", "wrong net"],
      ["rejected", "approval_pending", "resubmitted"],
    ]);
    // A second PUT is an ordinary update again, and the resubmitted payout can be approved.
    await put(payout.id, { description: "again" });
    expect((await payoutLogs(payout.id)).at(-1)?.reason).toBe("updated");
    expect((await approvePayout(payout.id)).status).toBe("approved");
  });

  it("a refused PUT on an approved payout names the current status and changes nothing", async () => {
    const payout = await approvedPayout();
    const before = await snapshot(payout.id);
    const error = expectError(await put(payout.id, { recipient_name: "Too late" }), 409, 40900);
    expect(error.message).toContain("approved");
    expect(await snapshot(payout.id)).toEqual(before);
  });

  it.each<[Record<string, string>, string]>([
    [{ exact_out_amount: "101" }, "an exact_out_amount above amount"],
    [{ chain: "dogecoin" }, "an unknown chain"],
    [{ chain: "base", pay_token: "USDT" }, "an unsupported token"],
    [{ payout_target_address: "0x1" }, "an invalid target address"],
  ])("a PUT %j on a completed payout is 409 naming the status, not a complaint about %s", async (body) => {
    // The status decides first: a payout that can no longer be edited is not judged on the edit.
    const payout = (await fundPayoutOk(await approvedPayout(), "100")).payout;
    const before = await snapshot(payout.id);
    const error = expectError(await put(payout.id, body), 409, 40900);
    expect(error.message).toContain("completed");
    expect(await snapshot(payout.id)).toEqual(before);
  });

  it("Idempotency-Key is not applied to PUT", async () => {
    const payout = await createPayout();
    for (const description of ["first", "second"]) {
      const response = await api("PUT", `/payout/intent/${payout.id}`, {
        role: "finance",
        body: { description },
        headers: { "Idempotency-Key": `put-${payout.id}` },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.description).toBe(description);
    }
  });
});

describe("approve", () => {
  it("opens a checksummed deposit address, payment status pending, and the requested deadline", async () => {
    const deadline = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const a = await approvedPayout({ payment_deadline: deadline });
    const b = await approvedPayout();
    expect(a).toMatchObject({ status: "approved", status_category: "awaiting_payment" });
    expect(a.payment_intent.status).toBe("pending");
    expect(a.payment_intent.payment_deadline).toBe(deadline);
    expect(a.payment_intent.payment_address).toMatch(EVM_ADDRESS);
    expect(isValidAddress("evm", a.payment_intent.payment_address)).toBe(true);
    expect(a.payment_intent.payment_address).not.toBe(a.payment_intent.payment_address.toLowerCase());
    expect(a.payment_intent.payment_address).not.toBe(b.payment_intent.payment_address);
    expect(a.payment_intent.payment_address).not.toBe(PAYOUT_TARGET.evm);
    // Approval does not touch amounts.
    expect(a).toMatchObject({ amount: "100", exact_out_amount: "98.5", kg_fee_amount: "1.5" });
    expect(a.payment_intent).toMatchObject({ crypto_amount: "100", received_crypto_amount: null, payment_tx_hash: null });
    expect(await getPayout(a.id)).toEqual(a);
  });

  it("without a requested deadline sets now + 24 h", async () => {
    const before = Math.floor(Date.now() / 1000);
    const payout = await approvedPayout();
    const after = Math.ceil(Date.now() / 1000);
    expect(payout.payment_intent.payment_deadline).toBeGreaterThanOrEqual(before + 86_400 - 1);
    expect(payout.payment_intent.payment_deadline).toBeLessThanOrEqual(after + 86_400 + 1);
  });

  it("derives Tron and Solana deposit addresses in their own formats", async () => {
    const tron = await approvedPayout({ chain: "tron", pay_token: "USDT", payout_target_address: PAYOUT_TARGET.tron });
    expect(tron.payment_intent.payment_address).toMatch(TRON_ADDRESS);
    expect(isValidAddress("tron", tron.payment_intent.payment_address)).toBe(true);
    const sol = await approvedPayout({ chain: "sol", pay_token: "USDC", payout_target_address: PAYOUT_TARGET.sol });
    expect(sol.payment_intent.payment_address).toMatch(SOL_ADDRESS);
    expect(isValidAddress("sol", sol.payment_intent.payment_address)).toBe(true);
    expect(sol.payment_intent.payment_address).not.toBe(PAYOUT_TARGET.sol);
  });

  it("logs the approver", async () => {
    const payout = await approvedPayout();
    const logs = await payoutLogs(payout.id);
    expect(logs.map((log) => log.to_status)).toEqual(["approval_pending", "approved"]);
    expect(logs[1]).toMatchObject({ from_status: "approval_pending", operator_uid: user("approver").uid });
  });

  it("a payout without payout_target_address cannot be approved: 422/42200 on payout_target_address; a PUT that adds one fixes it", async () => {
    const created = await createPayout({ overrides: { payout_target_address: undefined } });
    expect(created.payment_intent.payout_target_address).toBeNull();
    const before = await snapshot(created.id);
    const response = await api("POST", `/payout/intent/${created.id}/approve`, { role: "approver" });
    expect(expectError(response, 422, 42200).errors?.[0]?.field).toBe("payout_target_address");
    expect(await snapshot(created.id)).toEqual(before);
    expect((await put(created.id, { payout_target_address: PAYOUT_TARGET.evm })).status).toBe(200);
    const approved = await approvePayout(created.id);
    expect(approved.payment_intent.payout_target_address).toBe(PAYOUT_TARGET.evm);
  });
});

describe("maker-checker", () => {
  it("refuses the creator approving their own payout with 403/40302, even with every permission", async () => {
    const payout = await createPayout({ role: "admin" });
    const before = await snapshot(payout.id);
    const response = await api("POST", `/payout/intent/${payout.id}/approve`, { role: "admin" });
    expectError(response, 403, 40302);
    expect(await snapshot(payout.id)).toEqual(before);
    expect((await approvePayout(payout.id, { role: "approver" })).status).toBe("approved");
  });

  it("lets admin approve a payout finance created, logged as admin", async () => {
    const payout = await createPayout({ role: "finance" });
    expect((await approvePayout(payout.id, { role: "admin" })).status).toBe("approved");
    expect((await payoutLogs(payout.id)).at(-1)?.operator_uid).toBe(user("admin").uid);
  });

  it("the creator may still reject their own payout (maker-checker guards approval only)", async () => {
    const payout = await createPayout({ role: "admin" });
    const response = await api("POST", `/payout/intent/${payout.id}/reject`, { role: "admin", body: { reason: "withdrawn" } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.status).toBe("rejected");
  });
});

describe("reject", () => {
  it.each([{}, { reason: "" }, { reason: "   " }, { reason: 5 }])("requires a non-blank reason: %j → 400 on reason", async (body) => {
    const payout = await createPayout();
    const before = await snapshot(payout.id);
    const response = await api("POST", `/payout/intent/${payout.id}/reject`, { role: "approver", body });
    expect(expectError(response, 400, 40000).errors?.[0]?.field).toBe("reason");
    expect(await snapshot(payout.id)).toEqual(before);
  });

  it("without a body → 400", async () => {
    const payout = await createPayout();
    expectError(await api("POST", `/payout/intent/${payout.id}/reject`, { role: "approver" }), 400, 40000);
    expect((await getPayout(payout.id)).status).toBe("approval_pending");
  });

  it("rejects with payment status cancelled and keeps the reason in the log", async () => {
    const payout = await createPayout();
    const response = await api("POST", `/payout/intent/${payout.id}/reject`, { role: "approver", body: { reason: "Wrong amount" } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: "rejected", status_category: "closed" });
    expect(response.body.data.payment_intent.status).toBe("cancelled");
    expect(response.body.data.payment_intent.payment_address).toBe("");
    expect((await payoutLogs(payout.id)).at(-1)).toMatchObject({
      from_status: "approval_pending",
      to_status: "rejected",
      operator_uid: user("approver").uid,
      reason: "Wrong amount",
    });
  });
});

describe("refund", () => {
  const valid = { refund_address: REFUND_ADDRESS.evm, refund_reason: "recipient closed account", refund_attachments: ["file_a"] };

  async function underfunded(amount = "60") {
    const payout = await approvedPayout();
    await fundPayoutOk(payout, amount);
    return payout;
  }

  it.each([
    ["refund_address", { refund_reason: "r", refund_attachments: [] }],
    ["refund_reason", { refund_address: REFUND_ADDRESS.evm, refund_attachments: [] }],
    ["refund_reason", { refund_address: REFUND_ADDRESS.evm, refund_reason: "  ", refund_attachments: [] }],
    ["refund_attachments", { refund_address: REFUND_ADDRESS.evm, refund_reason: "r" }],
    ["refund_attachments", { refund_address: REFUND_ADDRESS.evm, refund_reason: "r", refund_attachments: "file_a" }],
  ])("requires %s → 400 naming it, nothing changed", async (field, body) => {
    const payout = await underfunded();
    const before = await snapshot(payout.id);
    const response = await api("POST", `/payout/intent/${payout.id}/refund`, { role: "admin", body });
    expect(expectError(response, 400, 40000).errors?.map((issue) => issue.field)).toContain(field);
    expect(await snapshot(payout.id)).toEqual(before);
  });

  it("refuses an address invalid for the chain with 422/42200 on refund_address, nothing changed", async () => {
    const payout = await underfunded();
    const before = await snapshot(payout.id);
    for (const address of ["0x1234", "not an address", REFUND_ADDRESS.tron, REFUND_ADDRESS.sol, "0x9858EFFD232B4033E47d90003D41EC34EcaEda94"]) {
      const response = await api("POST", `/payout/intent/${payout.id}/refund`, { role: "admin", body: { ...valid, refund_address: address } });
      expect(expectError(response, 422, 42200).errors?.[0]?.field).toBe("refund_address");
    }
    expect(await snapshot(payout.id)).toEqual(before);
  });

  it("from underfunded returns everything received (top-ups too): insufficient_refunded", async () => {
    const payout = await underfunded("60");
    await fundPayoutOk(payout, "0.000001");
    const response = await api("POST", `/payout/intent/${payout.id}/refund`, { role: "admin", body: valid });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const refunded = response.body.data;
    expect(refunded).toMatchObject({ status: "refunded", status_category: "completed" });
    expect(refunded.payment_intent).toMatchObject({
      status: "insufficient_refunded",
      received_crypto_amount: "60.000001",
      refund_crypto_amount: "60.000001",
      aggregation_tx_hash: null,
    });
    expect(refunded.payment_intent.refund_tx_hash).toMatch(EVM_TX);
    expect(await getPayout(payout.id)).toEqual(refunded);
    expect((await payoutLogs(payout.id)).at(-1)).toMatchObject({
      from_status: "underfunded",
      to_status: "refunded",
      operator_uid: user("admin").uid,
      reason: "recipient closed account",
    });
  });

  it("from payment_review with the full amount: refunded, no payout transfer", async () => {
    const payout = await approvedPayout();
    await fundPayoutOk(payout, "100", { timestamp: payout.payment_intent.payment_deadline + 1 });
    const response = await api("POST", `/payout/intent/${payout.id}/refund`, { role: "admin", body: valid });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.status).toBe("refunded");
    expect(response.body.data.payment_intent).toMatchObject({
      status: "refunded",
      refund_crypto_amount: "100",
      aggregation_tx_hash: null,
    });
    expect(response.body.data.payment_intent.refund_tx_hash).toMatch(EVM_TX);
    expect((await payoutLogs(payout.id)).at(-1)?.from_status).toBe("payment_review");
  });

  it("an empty attachments list is accepted; the refund goes to a Tron address on Tron", async () => {
    const payout = await approvedPayout({ chain: "tron", pay_token: "USDT", payout_target_address: PAYOUT_TARGET.tron });
    await fundPayoutOk(payout, "1");
    const evm = await api("POST", `/payout/intent/${payout.id}/refund`, { role: "admin", body: { ...valid, refund_attachments: [] } });
    expectError(evm, 422, 42200);
    const tron = await api("POST", `/payout/intent/${payout.id}/refund`, {
      role: "admin",
      body: { ...valid, refund_address: REFUND_ADDRESS.tron, refund_attachments: [] },
    });
    expect(tron.status, JSON.stringify(tron.body)).toBe(200);
    expect(tron.body.data.payment_intent.refund_tx_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("logs", () => {
  it("lists every transition oldest first: created, approved, funded (system), refunded", async () => {
    const payout = await approvedPayout();
    const { transfer } = await fundPayoutOk(payout, "10");
    await api("POST", `/payout/intent/${payout.id}/refund`, {
      role: "admin",
      body: { refund_address: REFUND_ADDRESS.evm, refund_reason: "short", refund_attachments: [] },
    });
    const logs = await payoutLogs(payout.id);
    expect(logs.map((log) => [log.from_status, log.to_status, log.operator_uid])).toEqual([
      ["", "approval_pending", user("finance").uid],
      ["approval_pending", "approved", user("approver").uid],
      ["approved", "underfunded", "system"],
      ["underfunded", "refunded", user("admin").uid],
    ]);
    expect(logs.every((log) => log.payout_id === payout.id)).toBe(true);
    const ids = logs.map((log) => log.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const times = logs.map((log) => Date.parse(log.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(typeof transfer.tx_hash).toBe("string");
  });

  it("unknown id → 404/40400", async () => {
    expectError(await api("GET", "/payout/intent/po_doesnotexist/logs", { role: "viewer" }), 404, 40400);
  });
});

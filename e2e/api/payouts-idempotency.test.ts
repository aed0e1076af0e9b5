// Idempotency-Key on every payout POST (product-decisions §6): a replay returns the first response
// marked Idempotent-Replayed and does nothing again; the same key with another request is 409/40902.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  api,
  approvedPayout,
  countPayoutsMatching,
  createPayout,
  expectError,
  fundPayout,
  fundPayoutOk,
  getPayout,
  payoutLogs,
  payoutRequest,
  REFUND_ADDRESS,
  type Role,
} from "./support";

function post(path: string, key: string, body: unknown, role: Role) {
  return api("POST", path, { role, body, headers: { "Idempotency-Key": key } });
}

function expectReplay(first: { status: number; body: unknown; headers: Headers }, second: typeof first) {
  expect(first.headers.get("idempotent-replayed")).toBeNull();
  expect(second.status).toBe(first.status);
  expect(second.headers.get("idempotent-replayed")).toBe("true");
  expect(second.body).toEqual(first.body);
}

describe("Idempotency-Key on payout POSTs", () => {
  it("create: a replay returns the first payout and creates nothing new", async () => {
    const key = randomUUID();
    const request = payoutRequest();
    const first = await post("/payout/intent", key, request, "finance");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await post("/payout/intent", key, request, "finance");
    expectReplay(first, second);
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(1);
  });

  it("create: concurrent requests with one key create exactly one payout", async () => {
    const key = randomUUID();
    const request = payoutRequest();
    const responses = await Promise.all(Array.from({ length: 5 }, () => post("/payout/intent", key, request, "finance")));
    for (const response of responses) {
      if (response.status !== 200) expectError(response, 409, 40901);
    }
    expect(new Set(responses.filter((r) => r.status === 200).map((r) => r.body.data.id)).size).toBe(1);
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(1);
  });

  it("create: the same key with another body → 409/40902, and the second payout is not created", async () => {
    const key = randomUUID();
    expect((await post("/payout/intent", key, payoutRequest(), "finance")).status).toBe(200);
    const other = payoutRequest();
    expect(expectError(await post("/payout/intent", key, other, "finance"), 409, 40902).message).toContain("Idempotency-Key");
    expect(await countPayoutsMatching(other.recipient_email as string)).toBe(0);
  });

  it("create: a refused request does not use up the key", async () => {
    const key = randomUUID();
    const request = payoutRequest();
    expectError(await post("/payout/intent", key, { ...request, exact_out_amount: "101" }, "finance"), 400, 40000);
    const retried = await post("/payout/intent", key, request, "finance");
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
  });

  it("approve: a replay answers 200 with the first body (not 409), and approves once", async () => {
    const payout = await createPayout();
    const key = randomUUID();
    const path = `/payout/intent/${payout.id}/approve`;
    const first = await post(path, key, undefined, "approver");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await post(path, key, undefined, "approver");
    expectReplay(first, second);
    expect((await payoutLogs(payout.id)).filter((log) => log.to_status === "approved")).toHaveLength(1);
    // Without the key, a second approve is the ordinary 409.
    expectError(await api("POST", path, { role: "approver" }), 409, 40900);
  });

  it("reject: a replay returns the first response; another reason under the same key → 409/40902", async () => {
    const payout = await createPayout();
    const key = randomUUID();
    const path = `/payout/intent/${payout.id}/reject`;
    const first = await post(path, key, { reason: "duplicate" }, "approver");
    expect(first.status).toBe(200);
    expectReplay(first, await post(path, key, { reason: "duplicate" }, "approver"));
    expectError(await post(path, key, { reason: "other" }, "approver"), 409, 40902);
    expect((await payoutLogs(payout.id)).filter((log) => log.to_status === "rejected")).toHaveLength(1);
  });

  it("refund: a replay returns the same refund transaction and refunds once", async () => {
    const payout = await approvedPayout();
    await fundPayoutOk(payout, "25");
    const key = randomUUID();
    const path = `/payout/intent/${payout.id}/refund`;
    const body = { refund_address: REFUND_ADDRESS.evm, refund_reason: "short", refund_attachments: [] };
    const first = await post(path, key, body, "admin");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectReplay(first, await post(path, key, body, "admin"));
    expect((await payoutLogs(payout.id)).filter((log) => log.to_status === "refunded")).toHaveLength(1);
  });

  it("sandbox deposit: a replay is not a second deposit", async () => {
    const payout = await approvedPayout();
    const key = randomUUID();
    const first = await fundPayout(payout, "30", { headers: { "Idempotency-Key": key } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await fundPayout(payout, "30", { headers: { "Idempotency-Key": key } });
    expectReplay(first, second);
    expect((await getPayout(payout.id)).payment_intent.received_crypto_amount).toBe("30");
    expectError(await fundPayout(payout, "31", { headers: { "Idempotency-Key": key } }), 409, 40902);
    expect((await getPayout(payout.id)).payment_intent.received_crypto_amount).toBe("30");
  });

  it("a key used on a payout create is a different request on another endpoint → 409/40902", async () => {
    const key = randomUUID();
    const payout = await createPayout();
    expect((await post("/payout/intent", key, payoutRequest(), "admin")).status).toBe(200);
    expectError(await post(`/payout/intent/${payout.id}/reject`, key, { reason: "x" }, "admin"), 409, 40902);
    expect((await getPayout(payout.id)).status).toBe("approval_pending");
  });
});

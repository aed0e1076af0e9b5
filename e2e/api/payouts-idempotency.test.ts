// Idempotency-Key on payout creates (product-decisions §6): concurrency, refusals and keys across
// endpoints. Replay and 40902 of every payout verb are in idempotency.test.ts's table of POST verbs.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  api,
  countPayoutsMatching,
  createPayout,
  expectError,
  getPayout,
  payoutRequest,
  RACE_MODE,
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

  it(`create: concurrent requests with one key create exactly one payout ${RACE_MODE}`, async () => {
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

  it("a key used on a payout create is a different request on another endpoint → 409/40902", async () => {
    const key = randomUUID();
    const payout = await createPayout();
    expect((await post("/payout/intent", key, payoutRequest(), "admin")).status).toBe(200);
    expectError(await post(`/payout/intent/${payout.id}/reject`, key, { reason: "x" }, "admin"), 409, 40902);
    expect((await getPayout(payout.id)).status).toBe("approval_pending");
  });
});

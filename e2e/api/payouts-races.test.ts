// Concurrent conflicting payout actions: exactly one wins, the rest get 409 (40900 or 40901), and
// the log agrees. These prove the compare-and-set only on PostgreSQL (a pool of connections, real
// concurrency); PGlite runs one transaction at a time, so there they prove ordering only.
import { formatUnits, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import {
  api,
  approvedPayout,
  createPayout,
  fundPayout,
  fundPayoutOk,
  expectRaceLoser,
  getPayout,
  payoutLogs,
  RACE_MODE,
  REFUND_ADDRESS,
} from "./support";

const N = 20;
const statuses = (responses: Array<{ status: number }>) => responses.map((response) => response.status).sort();
describe(`payout races ${RACE_MODE}`, () => {
  it(`${N} concurrent approvals of one payout: one 200, ${N - 1} × 409 (40900 or 40901), one approved log row`, async () => {
    const payout = await createPayout();
    const responses = await Promise.all(
      Array.from({ length: N }, () => api("POST", `/payout/intent/${payout.id}/approve`, { role: "approver" })),
    );
    expect(statuses(responses)).toEqual([200, ...Array(N - 1).fill(409)]);
    for (const response of responses.filter((r) => r.status !== 200)) expectRaceLoser(response);
    const logs = await payoutLogs(payout.id);
    expect(logs.filter((log) => log.to_status === "approved")).toHaveLength(1);
    expect(logs).toHaveLength(2);
    const winner = responses.find((r) => r.status === 200)!;
    const final = await getPayout(payout.id);
    expect(final.status).toBe("approved");
    expect(final.payment_intent.payment_address).toBe(winner.body.data.payment_intent.payment_address);
    expect(final.payment_intent.payment_deadline).toBe(winner.body.data.payment_intent.payment_deadline);
  });

  it(`${N} concurrent approvals of different payouts get ${N} distinct deposit addresses`, async () => {
    const payouts = await Promise.all(Array.from({ length: N }, () => createPayout()));
    const responses = await Promise.all(payouts.map((payout) => api("POST", `/payout/intent/${payout.id}/approve`, { role: "approver" })));
    expect(statuses(responses)).toEqual(Array(N).fill(200));
    expect(new Set(responses.map((r) => r.body.data.payment_intent.payment_address)).size).toBe(N);
  });

  it("approve racing reject: exactly one wins and the log agrees (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      const payout = await createPayout();
      const [approve, reject] = await Promise.all([
        api("POST", `/payout/intent/${payout.id}/approve`, { role: "approver" }),
        api("POST", `/payout/intent/${payout.id}/reject`, { role: "admin", body: { reason: "race" } }),
      ]);
      expect(statuses([approve, reject])).toEqual([200, 409]);
      expectRaceLoser([approve, reject].find((r) => r.status === 409)!);
      const final = await getPayout(payout.id);
      expect(final.status).toBe(approve.status === 200 ? "approved" : "rejected");
      expect(final.payment_intent.status).toBe(approve.status === 200 ? "pending" : "cancelled");
      const logs = await payoutLogs(payout.id);
      expect(logs).toHaveLength(2);
      expect(logs[1]?.to_status).toBe(final.status);
    }
  });

  it(`${N} concurrent refunds: one 200, ${N - 1} × 409 (40900 or 40901), one refund`, async () => {
    const payout = await approvedPayout();
    await fundPayoutOk(payout, "40");
    const body = { refund_address: REFUND_ADDRESS.evm, refund_reason: "race", refund_attachments: [] };
    const responses = await Promise.all(
      Array.from({ length: N }, () => api("POST", `/payout/intent/${payout.id}/refund`, { role: "admin", body })),
    );
    expect(statuses(responses)).toEqual([200, ...Array(N - 1).fill(409)]);
    for (const response of responses.filter((r) => r.status !== 200)) expectRaceLoser(response);
    expect((await payoutLogs(payout.id)).filter((log) => log.to_status === "refunded")).toHaveLength(1);
    const final = await getPayout(payout.id);
    expect(final.payment_intent.refund_tx_hash).toBe(responses.find((r) => r.status === 200)!.body.data.payment_intent.refund_tx_hash);
    expect(final.payment_intent.refund_crypto_amount).toBe("40");
  });

  it(`${N} concurrent PUTs of a rejected payout: exactly one resubmits, every applied edit logged once`, async () => {
    const payout = await createPayout();
    await api("POST", `/payout/intent/${payout.id}/reject`, { role: "approver", body: { reason: "fix it" } });
    const responses = await Promise.all(
      Array.from({ length: N }, (_, i) => api("PUT", `/payout/intent/${payout.id}`, { role: "finance", body: { description: `edit ${i}` } })),
    );
    // Edits do not exclude each other: each is applied, or (if the server prefers) told to retry.
    for (const response of responses) {
      if (response.status !== 200) expect([response.status, response.body.code]).toEqual([409, 40901]);
    }
    const applied = responses.filter((r) => r.status === 200).length;
    expect(applied).toBeGreaterThanOrEqual(1);
    const logs = await payoutLogs(payout.id);
    expect(logs.filter((log) => log.from_status === "rejected" && log.to_status === "approval_pending")).toHaveLength(1);
    expect(logs.filter((log) => log.reason === "resubmitted")).toHaveLength(1);
    expect(logs.filter((log) => log.reason === "updated")).toHaveLength(applied - 1);
    expect((await getPayout(payout.id)).status).toBe("approval_pending");
  });

  it(`${N} concurrent deposits into one payout: each recorded once, summed until the gross is reached, then refused`, async () => {
    const payout = await approvedPayout();
    const amounts = Array.from({ length: N }, (_, i) => `${i + 1}.000001`);
    const responses = await Promise.all(amounts.map((amount) => fundPayout(payout, amount)));
    // No single deposit covers the gross of 100: the ones before the total reaches it leave the
    // payout underfunded, the one that reaches it completes it (product decisions §9, amended), and
    // the settled address takes nothing after that.
    const accepted = responses.filter((r) => r.status === 200);
    expect(responses.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.code === 40900)).toBe(true);
    expect(new Set(accepted.map((r) => r.body.data.transfer.tx_hash)).size).toBe(accepted.length);
    const final = await getPayout(payout.id);
    const received = accepted.reduce((sum, r) => sum + parseUnits(r.body.data.transfer.amount, 6), 0n);
    expect(final.payment_intent.received_crypto_amount).toBe(formatUnits(received, 6));
    expect(received).toBeGreaterThanOrEqual(parseUnits("100", 6));
    expect(final.status).toBe("completed");
    const systemRows = (await payoutLogs(payout.id)).filter((log) => log.operator_uid === "system");
    expect(systemRows.map((log) => [log.from_status, log.to_status])).toEqual([
      ["approved", "underfunded"],
      ["underfunded", "completed"],
    ]);
  });

  it(`${N} concurrent creates get ${N} distinct payout_ids`, async () => {
    const responses = await Promise.all(Array.from({ length: N }, () => createPayout()));
    expect(new Set(responses.map((payout) => payout.payout_id)).size).toBe(N);
  });
});

// Concurrent conflicting actions: exactly one wins, the rest get 409 (40900 or 40901), and the log
// agrees. A real race on PostgreSQL (a pool of connections); PGlite runs the transactions one at a
// time, so there they prove only that the answers and the log come out right in some order.
import { describe, expect, it } from "vitest";
import { api, approvedInvoice, createInvoice, expectRaceLoser, getInvoice, invoiceLogs, pay, payOk, RACE_MODE, REFUND_ADDRESS } from "./support";

const N = 20;
const statuses = (responses: Array<{ status: number }>) => responses.map((response) => response.status).sort();

describe(`races ${RACE_MODE}`, () => {
  it(`${N} concurrent approves of one invoice: one 200, ${N - 1} × 409 (40900 or 40901), one log row`, async () => {
    const invoice = await createInvoice();
    const responses = await Promise.all(
      Array.from({ length: N }, () => api("POST", `/invoice/intent/${invoice.id}/approve`, { role: "approver" })),
    );
    expect(statuses(responses)).toEqual([200, ...Array(N - 1).fill(409)]);
    for (const response of responses.filter((r) => r.status !== 200)) expectRaceLoser(response);
    const logs = await invoiceLogs(invoice.id);
    expect(logs.filter((log) => log.to_status === "approved")).toHaveLength(1);
    const winner = responses.find((r) => r.status === 200)!;
    expect((await getInvoice(invoice.id)).payment_intent.payment_address).toBe(winner.body.data.payment_intent.payment_address);
  });

  it(`${N} concurrent approves of different invoices get ${N} distinct addresses`, async () => {
    const invoices = await Promise.all(Array.from({ length: N }, () => createInvoice()));
    const responses = await Promise.all(
      invoices.map((invoice) => api("POST", `/invoice/intent/${invoice.id}/approve`, { role: "approver" })),
    );
    expect(statuses(responses)).toEqual(Array(N).fill(200));
    const addresses = new Set(responses.map((r) => r.body.data.payment_intent.payment_address));
    expect(addresses.size).toBe(N);
  });

  it("approve racing reject: one wins and the log agrees", async () => {
    for (let round = 0; round < 5; round++) {
      const invoice = await createInvoice();
      const [approve, reject] = await Promise.all([
        api("POST", `/invoice/intent/${invoice.id}/approve`, { role: "approver" }),
        api("POST", `/invoice/intent/${invoice.id}/reject`, { role: "approver", body: { reason: "race" } }),
      ]);
      expect(statuses([approve, reject])).toEqual([200, 409]);
      expectRaceLoser(approve.status === 200 ? reject : approve);
      const final = await getInvoice(invoice.id);
      const logs = await invoiceLogs(invoice.id);
      expect(logs).toHaveLength(2);
      expect(logs[1]?.to_status).toBe(final.status);
      expect(final.status).toBe(approve.status === 200 ? "approved" : "rejected");
    }
  });

  it(`${N} concurrent refunds: one refund`, async () => {
    const invoice = await approvedInvoice();
    await payOk(invoice.payment_intent.payment_address, "125.5");
    const body = { refund_address: REFUND_ADDRESS.evm, refund_reason: "race", refund_attachments: [] };
    const responses = await Promise.all(
      Array.from({ length: N }, () => api("POST", `/invoice/intent/${invoice.id}/refund`, { role: "admin", body })),
    );
    expect(statuses(responses)).toEqual([200, ...Array(N - 1).fill(409)]);
    for (const response of responses.filter((r) => r.status !== 200)) expectRaceLoser(response);
    const logs = await invoiceLogs(invoice.id);
    expect(logs.filter((log) => log.to_status === "refunded")).toHaveLength(1);
    const final = await getInvoice(invoice.id);
    expect(final.payment_intent.refund_tx_hash).toBe(responses.find((r) => r.status === 200)!.body.data.payment_intent.refund_tx_hash);
  });

  it(`${N} concurrent sandbox payments to one address: each recorded once, amounts summed`, async () => {
    const invoice = await approvedInvoice();
    const amounts = Array.from({ length: N }, (_, i) => `${i + 1}.000001`);
    const responses = await Promise.all(amounts.map((amount) => pay(invoice.payment_intent.payment_address, amount)));
    expect(statuses(responses)).toEqual(Array(N).fill(200));
    const hashes = new Set(responses.map((r) => r.body.data.transfer.tx_hash));
    expect(hashes.size).toBe(N);
    const final = await getInvoice(invoice.id);
    // 1 + 2 + … + 20 = 210, plus 20 × 0.000001.
    expect(final.payment_intent.received_crypto_amount).toBe("210.00002");
    expect(final.payment_intent.aggregated_crypto_amount).toBe("210.00002");
    // No single transfer covers 125.5: the first landed left it underpaid, and the one that brought
    // the total to the amount made it paid (product decisions §9, amended); the rest only added up.
    expect(responses.some((r) => r.body.data.transfer.tx_hash === final.payment_intent.payment_tx_hash)).toBe(true);
    expect(final.status).toBe("paid");
    const systemRows = (await invoiceLogs(invoice.id)).filter((log) => log.operator_uid === "system");
    expect(systemRows.map((log) => log.to_status)).toEqual(["underpaid", "paid"]);
    expect(systemRows[0]?.reason).toContain(final.payment_intent.payment_tx_hash);
  });

  it(`${N} concurrent signs: one settlement`, async () => {
    const invoice = await approvedInvoice();
    await payOk(invoice.payment_intent.payment_address, "125.5");
    const responses = await Promise.all(
      Array.from({ length: N }, () => api("POST", `/invoice/intent/${invoice.id}/sign`, { role: "admin" })),
    );
    expect(statuses(responses)).toEqual([200, ...Array(N - 1).fill(409)]);
    for (const response of responses.filter((r) => r.status !== 200)) expectRaceLoser(response);
    expect((await invoiceLogs(invoice.id)).filter((log) => log.to_status === "signed")).toHaveLength(1);
  });
});

// GET /lookup (issue 27, the console's command palette): a number, an id, a deposit address or a
// tx hash finds its record, in the caller's organization only.
import { beforeAll, describe, expect, it } from "vitest";
import { api, approvedInvoice, approvedPayout, createInvoice, createPaymentIntent, expectError, fundPayoutOk, payIntentOk, payOk } from "./support";

type Match = { kind: string; id: string; label: string; status: string; amount: string; token: string; chain_id: string; matched: string };

async function lookup(text: string, orgIndex: 0 | 1 = 0): Promise<Match[]> {
  const response = await api("GET", `/lookup?q=${encodeURIComponent(text)}`, { role: "viewer", orgIndex });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

let signed: any;
let paymentTx: string;
let payout: any;
let intent: any;
let intentTx: string;

beforeAll(async () => {
  signed = await approvedInvoice({ amount: "12.5", detail_items: [{ name: "Line", quantity: 1, unit_price: 12.5 }] });
  paymentTx = (await payOk(signed.payment_intent.payment_address, "12.5")).transfer.tx_hash;
  const sign = await api("POST", `/invoice/intent/${signed.id}/sign`, { role: "admin" });
  expect(sign.status, JSON.stringify(sign.body)).toBe(200);
  signed = sign.body.data;
  payout = await approvedPayout();
  await fundPayoutOk(payout, "100");
  intent = await createPaymentIntent({ crypto_amount: "3.5" });
  intentTx = (await payIntentOk(intent.payment_intent_id, "3.5")).transfer.tx_hash;
});

describe("GET /lookup", () => {
  it("finds an invoice by its number and by its id, with its status and token amount", async () => {
    const byNumber = await lookup(signed.invoice_id);
    expect(byNumber).toEqual([
      { kind: "invoice", id: signed.id, label: signed.invoice_id, status: "signed", amount: "12.5", token: signed.payment_intent.symbol, chain_id: signed.payment_intent.payment_chain_id, matched: "number" },
    ]);
    expect(await lookup(signed.id)).toMatchObject([{ kind: "invoice", id: signed.id, matched: "id" }]);
    // The nested payment intent's id names its invoice, not a payment intent page.
    expect(await lookup(signed.payment_intent.payment_intent_id)).toMatchObject([{ kind: "invoice", id: signed.id, matched: "id" }]);
  });

  it("finds a record by its deposit address in any letter case, and by the hash of a transfer in or out", async () => {
    const address: string = signed.payment_intent.payment_address;
    for (const text of [address, address.toLowerCase(), address.toUpperCase().replace(/^0X/, "0x")]) {
      expect(await lookup(text)).toMatchObject([{ kind: "invoice", id: signed.id, matched: "payment_address" }]);
    }
    expect(await lookup(paymentTx)).toMatchObject([{ kind: "invoice", id: signed.id, matched: "tx_hash" }]);
    const settlement: string = signed.payment_intent.aggregation_tx_hash;
    expect(settlement).toMatch(/^0x/);
    expect(await lookup(settlement)).toMatchObject([{ kind: "invoice", id: signed.id, matched: "tx_hash" }]);
  });

  it("finds payouts by number and standalone payment intents by id and payment hash", async () => {
    expect(await lookup(payout.payout_id)).toMatchObject([{ kind: "payout", id: payout.id, label: payout.payout_id, matched: "number" }]);
    expect(await lookup(payout.id)).toMatchObject([{ kind: "payout", id: payout.id, matched: "id" }]);
    expect(await lookup(intent.payment_intent_id)).toMatchObject([{ kind: "payment_intent", id: intent.payment_intent_id, label: intent.payment_intent_id, status: "success", amount: "3.5" }]);
    expect(await lookup(intentTx)).toMatchObject([{ kind: "payment_intent", id: intent.payment_intent_id, matched: "tx_hash" }]);
  });

  it("answers only exact matches: part of a number finds nothing", async () => {
    expect(await lookup(signed.invoice_id.slice(0, -1))).toEqual([]);
    expect(await lookup(signed.payment_intent.payment_address.slice(0, 20))).toEqual([]);
  });

  it("never shows another organization's records", async () => {
    const theirs = await createInvoice({ orgIndex: 1 });
    expect(await lookup(theirs.id, 0)).toEqual([]);
    expect(await lookup(theirs.id, 1)).toMatchObject([{ kind: "invoice", id: theirs.id }]);
    for (const text of [signed.id, paymentTx, signed.payment_intent.payment_address]) expect(await lookup(text, 1)).toEqual([]);
    // Numbers run per organization: the same number there is their own invoice, never ours.
    const sameNumber = await lookup(signed.invoice_id, 1);
    expect(sameNumber.map((match) => match.id)).not.toContain(signed.id);
  });

  it("refuses a missing, blank or overlong text with 400 naming q", async () => {
    for (const query of ["", "?q=", "?q=%20%20", `?q=${"x".repeat(201)}`]) {
      const response = await api("GET", `/lookup${query}`, { role: "viewer" });
      expectError(response, 400, 40000);
      expect(JSON.stringify(response.body.errors)).toContain('"q"');
    }
  });
});

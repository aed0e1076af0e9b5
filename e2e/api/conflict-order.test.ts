// Where two rules fail at once (issue 11 §4): 404 > 409 > 403 (maker-checker) > 400/415. An action
// the record's status does not allow is 409 whatever is wrong with its body, on every verb of
// every owner (invoices, payouts, standalone payment intents), as the verb answers with a valid body; an unknown id (or another organization's)
// stays 404. In a status that allows the action the body's own refusal is answered.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { api, approvePayout, expectError, fundPayoutOk, invoiceRequest, payIntentOk, payOk, paymentIntentRequest, payoutRequest } from "./support";

type Owner = "invoice" | "payout" | "payment";
type IntentRecord = { id: string; payment_intent: { payment_intent_id: string; payment_address: string } };
type Verb = {
  owner: Owner;
  verb: "update" | "approve" | "reject" | "cancel" | "sign" | "refund";
  /** A status the state table refuses the verb in, and one it allows it in. */
  refusedIn: string;
  allowedIn: string;
  /** A JSON body with one field of a wrong type. */
  badField: Record<string, unknown>;
};

const VERBS: Verb[] = [
  { owner: "invoice", verb: "update", refusedIn: "approved", allowedIn: "approval_pending", badField: { recipient_name: 5 } },
  { owner: "invoice", verb: "approve", refusedIn: "approved", allowedIn: "approval_pending", badField: { anything: 5 } },
  { owner: "invoice", verb: "reject", refusedIn: "paid", allowedIn: "approval_pending", badField: { reason: 5 } },
  { owner: "invoice", verb: "cancel", refusedIn: "paid", allowedIn: "approval_pending", badField: { reason: 5 } },
  { owner: "invoice", verb: "sign", refusedIn: "approval_pending", allowedIn: "paid", badField: { refund_address: 5 } },
  { owner: "invoice", verb: "refund", refusedIn: "approved", allowedIn: "paid", badField: { refund_address: 5 } },
  { owner: "payout", verb: "update", refusedIn: "approved", allowedIn: "approval_pending", badField: { exact_out_amount: 5 } },
  { owner: "payout", verb: "approve", refusedIn: "approved", allowedIn: "approval_pending", badField: { anything: 5 } },
  { owner: "payout", verb: "reject", refusedIn: "underfunded", allowedIn: "approval_pending", badField: { reason: 5 } },
  { owner: "payout", verb: "refund", refusedIn: "approval_pending", allowedIn: "underfunded", badField: { refund_address: 5 } },
  { owner: "payment", verb: "refund", refusedIn: "pending", allowedIn: "success", badField: { refund_address: 5 } },
];

/** Bodies refused for what they are: a field of a wrong type, text that is not JSON, not JSON at all. */
const BODIES = [
  { name: "a field of a wrong type", send: (verb: Verb) => ({ body: verb.badField }), refusal: [400, 40000] },
  { name: "invalid JSON", send: () => ({ rawBody: '{"reason":', headers: { "Content-Type": "application/json" } }), refusal: [400, 40000] },
  { name: "a text/plain body", send: () => ({ rawBody: "reason=x", headers: { "Content-Type": "text/plain" } }), refusal: [415, 41500] },
] as const;

// Every record is created by admin, so admin approving it is also a maker-checker refusal.
const records: { [owner in Owner]: { [status: string]: IntentRecord } } = { invoice: {}, payout: {}, payment: {} };

const createBody = { invoice: invoiceRequest, payout: payoutRequest, payment: paymentIntentRequest };
const unknownId = { invoice: "inv_0000000000000000", payout: "po_0000000000000000", payment: "pi_0000000000000000" };

async function created(owner: Owner): Promise<IntentRecord> {
  const response = await api("POST", `/${owner}/intent`, { role: "admin", body: createBody[owner]() });
  if (response.status !== 200) throw new Error(`create failed: ${JSON.stringify(response.body)}`);
  // A standalone payment intent is its own payment intent: its id is payment_intent_id.
  return owner === "payment" ? { id: response.body.data.payment_intent_id, payment_intent: response.body.data } : response.body.data;
}

async function approved(owner: Owner): Promise<IntentRecord> {
  const record = await created(owner);
  const response = await api("POST", `/${owner}/intent/${record.id}/approve`, { role: "approver" });
  if (response.status !== 200) throw new Error(`approve failed: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

beforeAll(async () => {
  records.invoice.approval_pending = await created("invoice");
  records.invoice.approved = await approved("invoice");
  const paid = await approved("invoice");
  await payOk(paid.payment_intent.payment_address, "125.5");
  records.invoice.paid = paid;
  records.payout.approval_pending = await created("payout");
  records.payout.approved = await approvePayout((await created("payout")).id);
  const underfunded = await approved("payout");
  await fundPayoutOk(underfunded, "40");
  records.payout.underfunded = underfunded;
  records.payment.pending = await created("payment");
  const success = await created("payment");
  await payIntentOk(success.id, "10");
  records.payment.success = success;
});

function send(verb: Verb, id: string, body: (typeof BODIES)[number], orgIndex: 0 | 1 = 0) {
  const method = verb.verb === "update" ? "PUT" : "POST";
  const path = verb.verb === "update" ? `/${verb.owner}/intent/${id}` : `/${verb.owner}/intent/${id}/${verb.verb}`;
  return api(method, path, { role: "admin", orgIndex, ...body.send(verb) });
}

async function snapshot(owner: Owner, id: string) {
  const record = (await api("GET", `/${owner}/intent/${id}`, { role: "viewer" })).body.data;
  const logs = (await api("GET", `/${owner}/intent/${id}/logs`, { role: "viewer" })).body.data;
  return { record, logs };
}

describe.each(VERBS)("$owner $verb", (verb) => {
  it.each(BODIES)("with $name: 409 in a status that refuses it, 404 for an unknown or foreign id, the body's refusal where allowed", async (body) => {
    const refused = records[verb.owner][verb.refusedIn]!;
    const allowed = records[verb.owner][verb.allowedIn]!;
    const before = await Promise.all([snapshot(verb.owner, refused.id), snapshot(verb.owner, allowed.id)]);

    const conflict = expectError(await send(verb, refused.id, body), 409, 40900);
    expect(conflict.message).toContain(`current status: ${verb.refusedIn}`);
    expectError(await send(verb, unknownId[verb.owner], body), 404, 40400);
    expectError(await send(verb, refused.id, body, 1), 404, 40400);
    if (verb.verb === "approve") {
      // Approve reads no body: in approval_pending its creator meets maker-checker.
      expectError(await send(verb, allowed.id, body), 403, 40302);
    } else {
      const [http, code] = body.refusal;
      expectError(await send(verb, allowed.id, body), http, code);
    }

    const after = await Promise.all([snapshot(verb.owner, refused.id), snapshot(verb.owner, allowed.id)]);
    expect(after).toEqual(before);
  });
});

it("covers every verb route of every owner (PUT is update, where the owner has it)", () => {
  const api = path.resolve(import.meta.dirname, "../../app/v1/studio/api");
  const routed = (["invoice", "payout", "payment"] as const).flatMap((owner) => [
    ...(fs.readFileSync(path.join(api, owner, "intent/[id]/route.ts"), "utf8").includes("export const PUT =") ? [`${owner} update`] : []),
    ...fs
      .readdirSync(path.join(api, owner, "intent/[id]"), { withFileTypes: true })
      // A verb is a POST on the record; its reads (logs, approvals, the PDF) are GETs.
      .filter((entry) => entry.isDirectory() && fs.readFileSync(path.join(api, owner, "intent/[id]", entry.name, "route.ts"), "utf8").includes("export const POST ="))
      .map((entry) => `${owner} ${entry.name}`),
  ]);
  expect(VERBS.map((verb) => `${verb.owner} ${verb.verb}`).sort()).toEqual(routed.sort());
});

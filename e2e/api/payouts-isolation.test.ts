// Cross-organization isolation for payouts: another organization's payout id answers exactly like
// an id that never existed (404/40400), writes nothing, and never appears in a list.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  approvedPayout,
  createInvoice,
  createPayout,
  expectError,
  fundPayoutOk,
  getPayout,
  listPayouts,
  payoutLogs,
  REFUND_ADDRESS,
  ROLES,
} from "./support";

let ownPayout: any; // of org 1, the prober
let foreignPayout: any; // of org 0, approval_pending
let foreignUnderfunded: any; // of org 0, refundable
const unknownId = `po_${randomUUID().replace(/-/g, "").slice(0, 24)}`;

beforeAll(async () => {
  [ownPayout, foreignPayout, foreignUnderfunded] = await Promise.all([
    createPayout({ orgIndex: 1 }),
    createPayout({ orgIndex: 0 }),
    approvedPayout().then(async (payout) => (await fundPayoutOk(payout, "10")).payout),
  ]);
});

type Probe = "get" | "put" | "logs" | "approve" | "reject" | "refund";
const PROBES: Probe[] = ["get", "put", "logs", "approve", "reject", "refund"];

function probe(endpoint: Probe, id: string) {
  const options = { role: "admin" as const, orgIndex: 1 as const };
  switch (endpoint) {
    case "get":
      return api("GET", `/payout/intent/${id}`, options);
    case "logs":
      return api("GET", `/payout/intent/${id}/logs`, options);
    case "put":
      return api("PUT", `/payout/intent/${id}`, { ...options, body: { recipient_name: "Hijacked" } });
    case "approve":
      return api("POST", `/payout/intent/${id}/approve`, options);
    case "reject":
      return api("POST", `/payout/intent/${id}/reject`, { ...options, body: { reason: "hijack" } });
    case "refund":
      return api("POST", `/payout/intent/${id}/refund`, {
        ...options,
        body: { refund_address: REFUND_ADDRESS.evm, refund_reason: "hijack", refund_attachments: [] },
      });
  }
}

describe("cross-organization isolation", () => {
  it.each(PROBES)("%s on another organization's payout → 404/40400, the same answer as an unknown id", async (endpoint) => {
    const target = endpoint === "refund" ? foreignUnderfunded : foreignPayout;
    const foreign = expectError(await probe(endpoint, target.id), 404, 40400);
    const unknown = expectError(await probe(endpoint, unknownId), 404, 40400);
    expect(foreign.message.replace(target.id, "<id>")).toBe(unknown.message.replace(unknownId, "<id>"));
    expect(Object.keys(foreign).sort()).toEqual(Object.keys(unknown).sort());
  });

  it("the foreign probes changed nothing and logged nothing", async () => {
    for (const endpoint of PROBES) {
      await probe(endpoint, foreignPayout.id);
      await probe(endpoint, foreignUnderfunded.id);
    }
    expect(await getPayout(foreignPayout.id)).toEqual(foreignPayout);
    expect(await payoutLogs(foreignPayout.id)).toHaveLength(1);
    expect(await getPayout(foreignUnderfunded.id)).toEqual(foreignUnderfunded);
    expect((await payoutLogs(foreignUnderfunded.id)).map((log) => log.to_status)).toEqual([
      "approval_pending",
      "approved",
      "underfunded",
    ]);
  });

  it("every role of the other organization gets 404 on get and logs", async () => {
    for (const role of ROLES) {
      expectError(await api("GET", `/payout/intent/${foreignPayout.id}`, { role, orgIndex: 1 }), 404, 40400);
      expectError(await api("GET", `/payout/intent/${foreignPayout.id}/logs`, { role, orgIndex: 1 }), 404, 40400);
    }
  });

  it("a payment intent id, an invoice id and a payout id are not interchangeable", async () => {
    expectError(await api("GET", `/payout/intent/${ownPayout.payment_intent.payment_intent_id}`, { role: "viewer", orgIndex: 1 }), 404, 40400);
    const invoice = await createInvoice({ orgIndex: 1 });
    expectError(await api("GET", `/payout/intent/${invoice.id}`, { role: "viewer", orgIndex: 1 }), 404, 40400);
    expectError(await api("GET", `/invoice/intent/${ownPayout.id}`, { role: "viewer", orgIndex: 1 }), 404, 40400);
    expectError(await api("GET", `/invoice/intent/${ownPayout.id}/logs`, { role: "viewer", orgIndex: 1 }), 404, 40400);
  });

  it("lists never include another organization's payouts, whatever the filter", async () => {
    const queries: Array<Record<string, string>> = [
      {},
      { search: foreignPayout.recipient_email },
      { search: foreignPayout.id },
      { search: foreignPayout.payout_id },
      { payout_id: foreignPayout.payout_id },
      { payment_intent_id: foreignPayout.payment_intent.payment_intent_id },
      { creator: foreignPayout.creator },
    ];
    for (const query of queries) {
      // The probe is one that finds the row: its own organization gets it back.
      const owners = await listPayouts({ ...query, page_size: 100 }, { orgIndex: 0 });
      expect(owners.body.data.map((row: any) => row.id), JSON.stringify(query)).toContain(foreignPayout.id);
      const response = await listPayouts({ ...query, page_size: 100 }, { orgIndex: 1 });
      expect(response.status).toBe(200);
      for (const row of response.body.data) expect(row.payment_intent.org_id).toBe(ownPayout.payment_intent.org_id);
      expect(response.body.data.map((row: any) => row.id)).not.toContain(foreignPayout.id);
    }
    // The unfiltered list is not empty: the org_id check above ran on rows (org 1's own at least).
    expect((await listPayouts({ search: ownPayout.id }, { orgIndex: 1 })).body.data.map((row: any) => row.id)).toEqual([ownPayout.id]);
    const filtered = await listPayouts({ search: foreignPayout.recipient_email }, { orgIndex: 1 });
    expect(filtered.body.paging.total_count).toBe(0);
    expect(Object.values(filtered.body.counts).every((count) => count === 0)).toBe(true);
    const own = await listPayouts({ search: ownPayout.recipient_email }, { orgIndex: 1 });
    expect(own.body.data.map((row: any) => row.id)).toEqual([ownPayout.id]);
  });

  it("payouts do not appear in invoice lists, nor invoices in payout lists", async () => {
    const invoices = await api("GET", `/invoice/intents?search=${encodeURIComponent(ownPayout.recipient_email)}`, {
      role: "viewer",
      orgIndex: 1,
    });
    expect(invoices.body.paging.total_count).toBe(0);
    const invoice = await createInvoice({ orgIndex: 1 });
    const payouts = await listPayouts({ search: invoice.recipient_email }, { orgIndex: 1 });
    expect(payouts.body.paging.total_count).toBe(0);
  });
});

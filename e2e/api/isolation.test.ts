import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createInvoice, expectError, listInvoices, ROLES, useDemoOrganizations } from "./support";

// About the demo seed's own rows: the demo organizations, not the file's own.
useDemoOrganizations();

// Org 1 (Second Merchant) probing org 0 (Demo Merchant), and the other way round.
let ownInvoice: any;
let foreignInvoice: any;
const unknownId = `inv_${randomUUID().replace(/-/g, "").slice(0, 24)}`;

beforeAll(async () => {
  [ownInvoice, foreignInvoice] = await Promise.all([createInvoice({ orgIndex: 1 }), createInvoice({ orgIndex: 0 })]);
});

function probe(endpoint: "get" | "put" | "logs", id: string) {
  const options = { role: "admin" as const, orgIndex: 1 as const };
  if (endpoint === "get") return api("GET", `/invoice/intent/${id}`, options);
  if (endpoint === "logs") return api("GET", `/invoice/intent/${id}/logs`, options);
  return api("PUT", `/invoice/intent/${id}`, { ...options, body: { recipient_name: "Hijacked" } });
}

describe("cross-organization isolation", () => {
  it.each(["get", "put", "logs"] as const)("%s on another organization's id → 404/40400, same as an unknown id", async (endpoint) => {
    const foreign = expectError(await probe(endpoint, foreignInvoice.id), 404, 40400);
    const unknown = expectError(await probe(endpoint, unknownId), 404, 40400);
    // Identical apart from the id echoed back: nothing tells "exists elsewhere" from "never existed".
    expect(foreign.message.replace(foreignInvoice.id, "<id>")).toBe(unknown.message.replace(unknownId, "<id>"));
    expect(Object.keys(foreign).sort()).toEqual(Object.keys(unknown).sort());
  });

  it("every role of the other organization gets 404 on get and logs", async () => {
    for (const role of ROLES) {
      expectError(await api("GET", `/invoice/intent/${foreignInvoice.id}`, { role, orgIndex: 1 }), 404, 40400);
      expectError(await api("GET", `/invoice/intent/${foreignInvoice.id}/logs`, { role, orgIndex: 1 }), 404, 40400);
    }
  });

  it("a foreign PUT changes nothing and logs nothing", async () => {
    expectError(await probe("put", foreignInvoice.id), 404, 40400);
    const after = await api("GET", `/invoice/intent/${foreignInvoice.id}`, { role: "viewer" });
    expect(after.body.data).toEqual(foreignInvoice);
    const logs = await api("GET", `/invoice/intent/${foreignInvoice.id}/logs`, { role: "viewer" });
    expect(logs.body.data).toHaveLength(1);
  });

  it("an id of the right shape from the nested payment intent is not an invoice id either", async () => {
    expectError(await api("GET", `/invoice/intent/${ownInvoice.payment_intent.payment_intent_id}`, { role: "viewer", orgIndex: 1 }), 404, 40400);
  });

  it("lists never include another organization's rows, whatever the filter", async () => {
    const probes: Array<Record<string, string>> = [
      {},
      { search: foreignInvoice.recipient_email },
      { recipient_email: foreignInvoice.recipient_email },
      { invoice_id: foreignInvoice.invoice_id },
      { payment_intent_id: foreignInvoice.payment_intent.payment_intent_id },
      { search: foreignInvoice.id },
    ];
    for (const query of probes) {
      // The probe is one that finds the row: its own organization gets it back.
      const owners = await listInvoices({ ...query, page_size: 100 }, { orgIndex: 0 });
      expect(owners.body.data.map((row: any) => row.id), JSON.stringify(query)).toContain(foreignInvoice.id);
      const response = await listInvoices({ ...query, page_size: 100 }, { orgIndex: 1 });
      expect(response.status).toBe(200);
      for (const row of response.body.data) expect(row.payment_intent.org_id).toBe(ownInvoice.payment_intent.org_id);
      expect(response.body.data.map((row: any) => row.id)).not.toContain(foreignInvoice.id);
    }
    // The unfiltered list is not empty: the org_id check above ran on rows (org 1's own at least).
    expect((await listInvoices({ search: ownInvoice.id }, { orgIndex: 1 })).body.data.map((row: any) => row.id)).toEqual([ownInvoice.id]);
    const filtered = await listInvoices({ search: foreignInvoice.recipient_email }, { orgIndex: 1 });
    expect(filtered.body.paging.total_count).toBe(0);
    expect(Object.values(filtered.body.counts).every((count) => count === 0)).toBe(true);

    const own = await listInvoices({ search: ownInvoice.recipient_email }, { orgIndex: 1 });
    expect(own.body.data.map((row: any) => row.id)).toEqual([ownInvoice.id]);
  });

  it("an invoice_id number shared by both organizations lists only the caller's own", async () => {
    // Each organization counts its invoices per year on its own, from 1: both created one this
    // year (beforeAll), so both hold this year's first number.
    const first = ownInvoice.invoice_id.replace(/\d+$/, (digits: string) => "1".padStart(digits.length, "0"));
    const orgIds = [foreignInvoice.payment_intent.org_id, ownInvoice.payment_intent.org_id];
    for (const orgIndex of [0, 1] as const) {
      const listed = await listInvoices({ invoice_id: first, page_size: 100 }, { orgIndex });
      expect(listed.body.data, `org ${orgIndex}`).toHaveLength(1);
      expect(listed.body.data[0]).toMatchObject({ invoice_id: first, payment_intent: { org_id: orgIds[orgIndex] } });
    }
    const mine = await listInvoices({ invoice_id: ownInvoice.invoice_id }, { orgIndex: 1 });
    expect(mine.body.data.map((row: any) => row.id)).toEqual([ownInvoice.id]);
  });

  it("org 1 does not see org 0's seeded invoices", async () => {
    // Only rows created before today (UTC): every test creates its rows now, so no other file can
    // move these totals (org 0 holds the demo seed, back-dated; org 1 has no seeded invoices).
    const seeded = { created_before: new Date().toISOString().slice(0, 10), page_size: 1 };
    const org0 = await listInvoices(seeded, { orgIndex: 0 });
    const org1 = await listInvoices(seeded, { orgIndex: 1 });
    expect(org0.body.paging.total_count).toBeGreaterThan(0);
    expect(org1.body.paging.total_count).toBe(0);
  });
});

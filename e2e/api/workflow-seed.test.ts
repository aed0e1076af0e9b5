// The demo seed drives invoices through the real workflow, so every status and tab has rows.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { api, invoiceLogs, useDemoOrganizations } from "./support";

// About the demo seed's own rows: the demo organizations, not the file's own.
useDemoOrganizations();

// Written when seeding finished: every seeded invoice was created before it, every test's after.
const seededBefore = fs.statSync(path.join(process.env.STUDIO_TEST_DATA_DIR ?? "", "demo-credentials.json")).mtime.toISOString();

const STATUSES = ["approval_pending", "approved", "rejected", "cancelled", "expired", "paid", "underpaid", "payment_review", "signed", "refunded"];

describe("demo seed", () => {
  it("has rows in every status_category", async () => {
    const response = await api("GET", `/invoice/intents?page_size=1&created_before=${seededBefore}`, { role: "viewer" });
    for (const count of Object.values(response.body.counts as Record<string, number>)) expect(count).toBeGreaterThan(0);
    expect(Object.keys(response.body.counts).sort()).toEqual(["action_required", "awaiting_payment", "closed", "completed", "pending_review"]);
  });

  it.each(STATUSES)("has %s invoices whose log ends in that status", async (status) => {
    const response = await api("GET", `/invoice/intents?status=${status}&created_before=${seededBefore}&page_size=100`, {
      role: "viewer",
    });
    const seeded = response.body.data;
    expect(seeded.length).toBeGreaterThan(0);
    const logs = await invoiceLogs(seeded[0].id);
    expect(logs.at(-1)?.to_status).toBe(status);
    if (status === "signed") expect(seeded[0].payment_intent.aggregation_tx_hash).not.toBeNull();
    if (status === "approved") expect(seeded[0].payment_intent.payment_deadline).toBeGreaterThan(Date.now() / 1000);
  });
});

describe("demo seed: standalone payment intents and the balance", () => {
  const PAYMENT_STATUSES = ["pending", "success", "insufficient_not_refunded", "manual_review", "expired", "refunded", "insufficient_refunded"];

  it.each(PAYMENT_STATUSES)("has %s payment intents whose log ends in that status", async (status) => {
    const response = await api("GET", `/payment/intents?status=${status}&created_before=${seededBefore}&page_size=100`, { role: "viewer" });
    expect(response.status).toBe(200);
    const seeded = response.body.data;
    expect(seeded.length).toBeGreaterThan(0);
    const logs = await api("GET", `/payment/intent/${seeded[0].payment_intent_id}/logs`, { role: "viewer" });
    expect(logs.body.data.at(-1).to_status).toBe(status);
    if (status === "pending") expect(seeded[0].payment_deadline).toBeGreaterThan(Date.now() / 1000);
  });

  it("leaves Demo Merchant a positive balance, every ledger kind but withdrawals represented", async () => {
    const balances = await api("GET", "/balances", { role: "viewer" });
    const arbUsdc = balances.body.data.find((row: { chain_id: string; symbol: string }) => row.chain_id === "arb" && row.symbol === "USDC");
    expect(Number(arbUsdc.amount)).toBeGreaterThan(0);
    const ledger = await api("GET", "/balances/ledger?page_size=1", { role: "viewer" });
    for (const kind of ["invoice_settlement", "payment_settlement", "payment_refund"]) expect(ledger.body.counts[kind]).toBeGreaterThan(0);
  });
});

// Maker-checker (product-decisions §1, security review §0): whoever created or edited the version
// under review cannot approve it, for invoices and payouts alike; status conflicts come first.
import { describe, expect, it } from "vitest";
import { api, createInvoice, expectError, user } from "./support";

const owners = [
  { kind: "invoice", create: () => createInvoice(), edit: { description: "edited by the approver-to-be" } },
  { kind: "payout", create: () => createPayoutOk(), edit: { exact_out_amount: "90" } },
] as const;

async function createPayoutOk() {
  const response = await api("POST", "/payout/intent", {
    role: "finance",
    body: {
      pricing_mode: "crypto",
      amount: "100",
      exact_out_amount: "98",
      pay_token: "USDC",
      chain: "arb",
      origin: "https://shop.example.test",
      recipient_name: "Maker Checker",
      recipient_email: "maker-checker@example.test",
      organization_name: "MC Org",
      organization_email: "mc@example.test",
      creator: "Integration Test",
      payout_target_address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
    },
  });
  if (response.status !== 200) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

describe.each(owners)("maker-checker on a $kind", ({ kind, create, edit }) => {
  it("refuses approval to someone who edited the pending version, even with approve rights", async () => {
    const record = await create();
    const edited = await api("PUT", `/${kind}/intent/${record.id}`, { role: "admin", body: edit });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const refused = expectError(await api("POST", `/${kind}/intent/${record.id}/approve`, { role: "admin" }), 403, 40302);
    expect(refused.message).toContain("created or edited");
    const logs = await api("GET", `/${kind}/intent/${record.id}/logs`, { role: "viewer" });
    expect(logs.body.data.map((log: { to_status: string }) => log.to_status)).toEqual(["approval_pending", "approval_pending"]);

    const approved = await api("POST", `/${kind}/intent/${record.id}/approve`, { role: "approver" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: "approved", reviewer: expect.any(String) });
  });

  it("answers a status conflict (409) before maker-checker (403)", async () => {
    const record = await create();
    expect((await api("POST", `/${kind}/intent/${record.id}/approve`, { role: "approver" })).status).toBe(200);
    expectError(await api("POST", `/${kind}/intent/${record.id}/approve`, { role: "finance" }), 403, 40300);
    expectError(await api("POST", `/${kind}/intent/${record.id}/approve`, { role: "admin" }), 409, 40900);
  });
});

describe("the approval record", () => {
  it("is written only by approve: PUT's reviewer and approve_time assign the review and approve nothing", async () => {
    const invoice = await createInvoice();
    const assigned = await api("PUT", `/invoice/intent/${invoice.id}`, {
      role: "finance",
      body: { reviewer: user("admin").email, approve_time: "2026-01-01T08:00:00+08:00" },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data).toMatchObject({
      status: "approval_pending",
      reviewer: null,
      approve_time: null,
      assigned_reviewer_uid: user("admin").uid,
      review_due_at: "2026-01-01T00:00:00.000Z",
    });
    const approved = await api("POST", `/invoice/intent/${invoice.id}/approve`, { role: "approver" });
    expect(approved.body.data.reviewer).toBe(user("approver").name);
  });

  it("never lifts maker-checker: the creator assigned as reviewer still cannot approve", async () => {
    const invoice = await createInvoice({ role: "admin" });
    const assigned = await api("PUT", `/invoice/intent/${invoice.id}`, { role: "finance", body: { reviewer: user("admin").uid } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expectError(await api("POST", `/invoice/intent/${invoice.id}/approve`, { role: "admin" }), 403, 40302);
  });
});

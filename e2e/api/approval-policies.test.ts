// Approval policies (issue 25): tiers by USD amount, distinct approvers, an org:manage tier, the
// policy in force when a record entered review, intermediate approvals logged and audited, edits
// discarding the approvals of the old version, and races on one step.
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  createInvoice,
  createPayout,
  expectError,
  getInvoice,
  invoiceLogs,
  newPerson,
  payoutLogs,
  setTestApprovalPolicy,
  TEST_APPROVAL_POLICY,
} from "./support";

// Amounts in the test policy's tiers (see TEST_APPROVAL_POLICY): two, three, and two with org:manage.
const TWO = "55000000";
const THREE = "65000000";
const TWO_WITH_MANAGER = "75000000";

const approve = (kind: "invoice" | "payout", id: string, as: { role?: "approver" | "admin" | "finance"; key?: string }) =>
  api("POST", `/${kind}/intent/${id}/approve`, as.key ? { key: as.key } : { role: as.role });
const approvalsOf = async (kind: "invoice" | "payout", id: string) => {
  const response = await api("GET", `/${kind}/intent/${id}/approvals`, { role: "viewer" });
  expect(response.status).toBe(200);
  return response.body.data;
};
const invoiceOf = (amount: string) =>
  createInvoice({ role: "finance", overrides: { amount, detail_items: [{ name: "Large order", quantity: 1, unit_price: Number(amount), tax: 0 }] } });

let approvers: string[] = [];

beforeAll(async () => {
  await setTestApprovalPolicy("invoice");
  await setTestApprovalPolicy("payout");
  // Distinct approvers of their own, for the races: none holds org:manage.
  approvers = (await Promise.all(Array.from({ length: 5 }, () => newPerson(["transfer:read", "transfer:approve"], 0)))).map((made) => made.key);
}, 120_000);

describe("setting a policy", () => {
  it("shows the policy in force for each kind, read with transfer:read", async () => {
    const response = await api("GET", "/approval_policies", { role: "viewer" });
    expect(response.status).toBe(200);
    const invoice = response.body.data.find((policy: { record_kind: string }) => policy.record_kind === "invoice");
    expect(invoice.tiers).toEqual(TEST_APPROVAL_POLICY.tiers);
    expect(invoice.updated_by).toEqual(expect.any(String));
  });

  it.each([
    ["a first tier above 0", { tiers: [{ from_usd: "10", approvers: 1 }] }, "tiers.0.from_usd"],
    ["tiers out of order", { tiers: [{ from_usd: "0", approvers: 1 }, { from_usd: "0", approvers: 2 }] }, "tiers.1.from_usd"],
    ["no approver", { tiers: [{ from_usd: "0", approvers: 0 }] }, "tiers.0.approvers"],
    ["a float amount", { tiers: [{ from_usd: 0, approvers: 1 }] }, "tiers.0.from_usd"],
    ["no tiers", { tiers: [] }, "tiers"],
  ])("refuses %s with 400 naming the field, and changes nothing", async (_label, body, field) => {
    const response = await api("PUT", "/approval_policies/invoice", { role: "admin", body });
    const error = expectError(response, 400, 40000);
    expect((error.errors ?? []).map((issue: { field: string }) => issue.field)).toContain(field);
    const policies = (await api("GET", "/approval_policies", { role: "viewer" })).body.data;
    expect(policies.find((policy: { record_kind: string }) => policy.record_kind === "invoice").tiers).toEqual(TEST_APPROVAL_POLICY.tiers);
  });

  it("is org:manage's alone, and an unknown kind is 404", async () => {
    for (const role of ["approver", "finance", "viewer"] as const) {
      const response = await api("PUT", "/approval_policies/invoice", { role, body: TEST_APPROVAL_POLICY });
      expect(expectError(response, 403, 40300).message).toContain("org:manage");
    }
    expectError(await api("PUT", "/approval_policies/refund", { role: "admin", body: TEST_APPROVAL_POLICY }), 404, 40400);
  });

  it("is audited", async () => {
    await setTestApprovalPolicy("invoice");
    const rows = (await api("GET", "/audit_log?action=approval_policy.updated&object_id=invoice", { role: "admin" })).body.data;
    expect(rows[0]).toMatchObject({ action: "approval_policy.updated", object_type: "approval_policy", object_id: "invoice" });
  });
});

describe("approving under a two-approver tier", () => {
  it("keeps the record in review after the first approval, logged and audited as approval 1 of 2", async () => {
    const invoice = await invoiceOf(TWO);
    const first = await approve("invoice", invoice.id, { role: "approver" });
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe("approval_pending");
    expect(first.body.data.payment_intent.payment_address).toBeFalsy();
    const logs = await invoiceLogs(invoice.id);
    expect(logs.at(-1)).toMatchObject({ from_status: "approval_pending", to_status: "approval_pending", reason: "approval 1 of 2" });
    const audit = (await api("GET", `/audit_log?object_id=${invoice.id}&action=invoice.approval_recorded`, { role: "admin" })).body.data;
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ step: 1, required: 2 });
    const state = await approvalsOf("invoice", invoice.id);
    expect(state).toMatchObject({ required: 2, org_manage_required: false, next_step: 2 });
    expect(state.approvals).toHaveLength(1);

    const last = await approve("invoice", invoice.id, { role: "admin" });
    expect(last.status).toBe(200);
    expect(last.body.data.status).toBe("approved");
    expect((await invoiceLogs(invoice.id)).at(-1)).toMatchObject({ to_status: "approved", reason: "approved (approval 2 of 2)" });
  });

  it("refuses the same person twice with 403/40302, changing nothing", async () => {
    const invoice = await invoiceOf(TWO);
    expect((await approve("invoice", invoice.id, { role: "approver" })).status).toBe(200);
    const logs = (await invoiceLogs(invoice.id)).length;
    const again = await approve("invoice", invoice.id, { role: "approver" });
    expect(expectError(again, 403, 40302).message).toMatch(/already approved/);
    expect((await invoiceLogs(invoice.id)).length).toBe(logs);
    expect((await approvalsOf("invoice", invoice.id)).approvals).toHaveLength(1);
  });

  it("refuses whoever edited the version under review", async () => {
    const invoice = await invoiceOf(TWO);
    expect((await api("PUT", `/invoice/intent/${invoice.id}`, { role: "admin", body: { description: "admin's edit" } })).status).toBe(200);
    expectError(await approve("invoice", invoice.id, { role: "admin" }), 403, 40302);
    expect((await getInvoice(invoice.id)).status).toBe("approval_pending");
  });

  it("discards the approvals collected before an edit", async () => {
    const invoice = await invoiceOf(TWO);
    expect((await approve("invoice", invoice.id, { key: approvers[0] })).status).toBe(200);
    expect((await api("PUT", `/invoice/intent/${invoice.id}`, { role: "finance", body: { description: "changed after approval 1" } })).status).toBe(200);
    expect(await approvalsOf("invoice", invoice.id)).toMatchObject({ approvals: [], next_step: 1 });
    // The same approver may approve the new version, and it counts as its first approval.
    const again = await approve("invoice", invoice.id, { key: approvers[0] });
    expect(again.body.data.status).toBe("approval_pending");
    expect((await invoiceLogs(invoice.id)).at(-1)?.reason).toBe("approval 1 of 2");
    expect((await approve("invoice", invoice.id, { role: "approver" })).body.data.status).toBe("approved");
  });

  it("works the same for payouts", async () => {
    const payout = await createPayout({ role: "finance", overrides: { amount: TWO, exact_out_amount: "54000000" } });
    expect((await approve("payout", payout.id, { role: "approver" })).body.data.status).toBe("approval_pending");
    expect((await payoutLogs(payout.id)).at(-1)).toMatchObject({ to_status: "approval_pending", reason: "approval 1 of 2" });
    expect((await approve("payout", payout.id, { role: "admin" })).body.data.status).toBe("approved");
  });
});

describe("a tier that needs org:manage", () => {
  it("refuses a last approval when neither approver holds org:manage", async () => {
    const invoice = await invoiceOf(TWO_WITH_MANAGER);
    expect((await approve("invoice", invoice.id, { key: approvers[0] })).body.data.status).toBe("approval_pending");
    const refused = await approve("invoice", invoice.id, { key: approvers[1] });
    expect(expectError(refused, 403, 40300).message).toContain("org:manage");
    expect((await approvalsOf("invoice", invoice.id)).approvals).toHaveLength(1);
    expect((await approve("invoice", invoice.id, { role: "admin" })).body.data.status).toBe("approved");
  });

  it("is satisfied by an earlier approver's org:manage: a manager first, a plain approver last", async () => {
    const invoice = await invoiceOf(TWO_WITH_MANAGER);
    expect((await approve("invoice", invoice.id, { role: "admin" })).body.data.status).toBe("approval_pending");
    expect(await approvalsOf("invoice", invoice.id)).toMatchObject({ required: 2, org_manage_required: true, next_step: 2 });
    const last = await approve("invoice", invoice.id, { key: approvers[3] });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data.status).toBe("approved");
  });
});

describe("the policy in force when the record entered review", () => {
  it("stays the record's policy after the organization changes it", async () => {
    const before = await invoiceOf(TWO);
    await api("PUT", "/approval_policies/invoice", { role: "admin", body: { tiers: [{ from_usd: "0", approvers: 1 }] } });
    try {
      const after = await invoiceOf(TWO);
      expect((await approve("invoice", before.id, { role: "approver" })).body.data.status).toBe("approval_pending");
      expect((await approve("invoice", after.id, { role: "approver" })).body.data.status).toBe("approved");
    } finally {
      await setTestApprovalPolicy("invoice");
    }
  });
});

describe("races", () => {
  it("of concurrent approvals of the last step, exactly one counts", async () => {
    const invoice = await invoiceOf(TWO);
    expect((await approve("invoice", invoice.id, { role: "approver" })).status).toBe(200);
    const answers = await Promise.all(approvers.map((key) => approve("invoice", invoice.id, { key })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expect(answer.status).toBe(409);
    expect((await getInvoice(invoice.id)).status).toBe("approved");
    expect((await invoiceLogs(invoice.id)).filter((log) => log.to_status === "approved")).toHaveLength(1);
  });

  it("of one person approving many times at once, one counts", async () => {
    const invoice = await invoiceOf(TWO);
    const answers = await Promise.all(Array.from({ length: 5 }, () => approve("invoice", invoice.id, { key: approvers[2] })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect((await approvalsOf("invoice", invoice.id)).approvals).toHaveLength(1);
    expect((await getInvoice(invoice.id)).status).toBe("approval_pending");
  });

  it("of many approvers at once on a three-approver tier, each step counts once", async () => {
    const invoice = await invoiceOf(THREE);
    const answers = await Promise.all(approvers.map((key) => approve("invoice", invoice.id, { key })));
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(3);
    const intermediate = (await invoiceLogs(invoice.id)).filter((log) => /^approval \d of 3$/.test(log.reason));
    const status = (await getInvoice(invoice.id)).status;
    if (accepted === 3) {
      expect(status).toBe("approved");
      expect(intermediate.map((log) => log.reason)).toEqual(["approval 1 of 3", "approval 2 of 3"]);
    } else {
      expect(status).toBe("approval_pending");
      const state = await approvalsOf("invoice", invoice.id);
      expect(state.approvals.map((approval: { step: number }) => approval.step)).toEqual(Array.from({ length: accepted }, (_, index) => index + 1));
      expect(intermediate).toHaveLength(accepted);
    }
  });
});

// The approver inbox (issue 25): what waits for the caller across invoices and payouts, by the
// approve action's own rules, and the review assignment (`reviewer`, `approve_time`) it reads.
import { beforeAll, describe, expect, it } from "vitest";
import { api, createInvoice, createPayout, expectError, newPerson, setTestApprovalPolicy, user, type Role } from "./support";

type Row = { kind: string; id: string; number: string; amount: string; token: string; step: number; required: number; policy_step: string; assigned_reviewer: { uid: string; name: string } | null; review_due_at: string | null; waiting_since: string };
type Caller = { role: Role } | { key: string };

async function inbox(caller: Caller, orgIndex: 0 | 1 = 0): Promise<{ count: number; rows: Row[] }> {
  const response = await api("GET", "/inbox", { ...caller, orgIndex });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}
const idsIn = async (caller: Caller) => (await inbox(caller)).rows.map((row) => row.id);
const rowOf = async (caller: Caller, id: string) => (await inbox(caller)).rows.find((row) => row.id === id);
const assign = (kind: "invoice" | "payout", id: string, body: Record<string, unknown>, role: Role = "finance") => api("PUT", `/${kind}/intent/${id}`, { role, body });

// In the test policy's two-approver tier (TEST_APPROVAL_POLICY: two from 50,000,000 USD).
const TWO = "55000000";
const largeInvoice = () => createInvoice({ overrides: { amount: TWO, detail_items: [{ name: "Large order", quantity: 1, unit_price: Number(TWO), tax: 0 }] } });

beforeAll(async () => {
  await setTestApprovalPolicy("invoice");
  await setTestApprovalPolicy("payout");
}, 60_000);

describe("GET /inbox", () => {
  it("lists invoices and payouts waiting for me, due first then oldest, with a count of them all", async () => {
    const approver = await newPerson(["transfer:read", "transfer:approve"], 0);
    const me = { key: approver.key };
    const older = await createInvoice();
    const payout = await createPayout();
    const dueLater = await createInvoice();
    const dueSooner = await createPayout();
    expect((await assign("invoice", dueLater.id, { approve_time: "2031-01-02T00:00:00+08:00" })).status).toBe(200);
    expect((await assign("payout", dueSooner.id, { approve_time: "2031-01-01T00:00:00Z" })).status).toBe(200);

    const { count, rows } = await inbox(me);
    expect(count).toBe(rows.length);
    const mine = rows.filter((row) => [older.id, payout.id, dueLater.id, dueSooner.id].includes(row.id));
    expect(mine.map((row) => row.id)).toEqual([dueSooner.id, dueLater.id, older.id, payout.id]);
    const row = mine.find((entry) => entry.id === older.id)!;
    expect(row).toMatchObject({
      kind: "invoice",
      number: older.invoice_id,
      amount: older.payment_intent.crypto_amount,
      token: "USDC",
      chain: "arb",
      step: 1,
      required: 1,
      policy_step: "1 of 1",
      assigned_reviewer: null,
      review_due_at: null,
      waiting_since: older.updated_at,
    });
    expect(mine[0]).toMatchObject({ kind: "payout", number: dueSooner.payout_id, review_due_at: "2031-01-01T00:00:00.000Z" });
    // Once approved it waits for nobody.
    expect((await api("POST", `/invoice/intent/${older.id}/approve`, me)).status).toBe(200);
    expect(await idsIn(me)).not.toContain(older.id);
  }, 120_000);

  it("limit: 0 answers the count alone, N the first N rows in the same order; anything else is 400 naming it", async () => {
    const approver = await newPerson(["transfer:read", "transfer:approve"], 0);
    const me = { key: approver.key };
    await createInvoice();
    await createPayout();
    const all = await inbox(me);
    expect(all.count).toBeGreaterThanOrEqual(2);
    const limited = async (limit: string) => {
      const response = await api("GET", `/inbox?limit=${limit}`, me);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data as { count: number; rows: Row[] };
    };
    expect(await limited("0")).toEqual({ count: all.count, rows: [] });
    expect(await limited("1")).toEqual({ count: all.count, rows: all.rows.slice(0, 1) });
    expect((await limited("500")).rows).toEqual(all.rows);
    for (const bad of ["-1", "501", "1.5", "abc", "ten"]) {
      const error = expectError(await api("GET", `/inbox?limit=${bad}`, me), 400, 40000);
      expect(error.errors?.map((entry) => entry.field), bad).toContain("limit");
    }
  }, 120_000);

  it("leaves out what I made: a record I created or edited is not mine to approve", async () => {
    const created = await createInvoice({ role: "admin" });
    const edited = await createInvoice();
    expect((await assign("invoice", edited.id, { description: "edited by the admin" }, "admin")).status).toBe(200);
    const adminInbox = await idsIn({ role: "admin" });
    expect(adminInbox).not.toContain(created.id);
    expect(adminInbox).not.toContain(edited.id);
    const approverInbox = await idsIn({ role: "approver" });
    expect(approverInbox).toEqual(expect.arrayContaining([created.id, edited.id]));
  });

  it("leaves out a review assigned to someone else, and shows it to them", async () => {
    const invoice = await createInvoice();
    const assigned = await assign("invoice", invoice.id, { reviewer: user("admin").uid });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(await idsIn({ role: "approver" })).not.toContain(invoice.id);
    expect(await rowOf({ role: "admin" }, invoice.id)).toMatchObject({ assigned_reviewer: { uid: user("admin").uid, name: user("admin").name } });
    // Unassigned again: every eligible approver sees it.
    expect((await assign("invoice", invoice.id, { reviewer: null })).body.data.assigned_reviewer_uid).toBeNull();
    expect(await idsIn({ role: "approver" })).toContain(invoice.id);
  });

  it("under a two-approver tier shows 1 of 2, then leaves the first approver's inbox and shows 2 of 2 to the others", async () => {
    const first = await newPerson(["transfer:read", "transfer:approve"], 0);
    const second = await newPerson(["transfer:read", "transfer:approve"], 0);
    const invoice = await largeInvoice();
    // Assigned to the first approver: once they took their step, it must not be stranded with them.
    expect((await assign("invoice", invoice.id, { reviewer: first.person.email })).status).toBe(200);
    expect(await idsIn({ key: second.key })).not.toContain(invoice.id);
    expect(await rowOf({ key: first.key }, invoice.id)).toMatchObject({ step: 1, required: 2, policy_step: "1 of 2" });

    const approval = await api("POST", `/invoice/intent/${invoice.id}/approve`, { key: first.key });
    expect(approval.body.data?.status, JSON.stringify(approval.body)).toBe("approval_pending");
    expect(await idsIn({ key: first.key })).not.toContain(invoice.id);
    expect(await rowOf({ key: second.key }, invoice.id)).toMatchObject({ step: 2, required: 2, policy_step: "2 of 2" });
    // The approve action agrees with both inboxes.
    expectError(await api("POST", `/invoice/intent/${invoice.id}/approve`, { key: first.key }), 403, 40302);
    expect((await api("POST", `/invoice/intent/${invoice.id}/approve`, { key: second.key })).body.data.status).toBe("approved");
    expect(await idsIn({ key: second.key })).not.toContain(invoice.id);
  }, 120_000);

  it("is for transfer:approve holders, and shows only the caller's organization", async () => {
    for (const role of ["finance", "viewer"] as const) {
      expect(expectError(await api("GET", "/inbox", { role }), 403, 40300).message).toContain("transfer:approve");
    }
    const invoice = await createInvoice();
    expect((await inbox({ role: "approver" }, 1)).rows.map((row) => row.id)).not.toContain(invoice.id);
  });
});

describe("reviewer and approve_time on update", () => {
  it.each(["invoice", "payout"] as const)("assign a %s's review by uid or e-mail (any case) without a new version", async (kind) => {
    const record = kind === "invoice" ? await createInvoice() : await createPayout();
    const byEmail = await assign(kind, record.id, { reviewer: user("approver").email.toUpperCase(), approve_time: "2030-05-01T09:30:00+02:00" });
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
    expect(byEmail.body.data).toMatchObject({
      status: "approval_pending",
      assigned_reviewer_uid: user("approver").uid,
      review_due_at: "2030-05-01T07:30:00.000Z",
      updated_at: record.updated_at,
    });
    const byUid = await assign(kind, record.id, { reviewer: user("admin").uid });
    expect(byUid.body.data).toMatchObject({ assigned_reviewer_uid: user("admin").uid, review_due_at: "2030-05-01T07:30:00.000Z" });
    const read = await api("GET", `/${kind}/intent/${record.id}`, { role: "viewer" });
    expect(read.body.data).toMatchObject({ assigned_reviewer_uid: user("admin").uid, review_due_at: "2030-05-01T07:30:00.000Z" });
    // No log row: the assignment changes nothing under review.
    const logs = await api("GET", `/${kind}/intent/${record.id}/logs`, { role: "viewer" });
    expect(logs.body.data).toHaveLength(1);
    const audit = await api("GET", `/audit_log?action=${kind}.review_assigned&object_id=${record.id}`, { role: "admin" });
    expect(audit.body.data).toHaveLength(2);
  });

  it("keep the approvals already collected, and do not make whoever assigns a maker", async () => {
    const first = await newPerson(["transfer:read", "transfer:approve"], 0);
    const invoice = await largeInvoice();
    expect((await api("POST", `/invoice/intent/${invoice.id}/approve`, { key: first.key })).status).toBe(200);
    expect((await assign("invoice", invoice.id, { reviewer: user("approver").uid }, "admin")).status).toBe(200);
    const state = await api("GET", `/invoice/intent/${invoice.id}/approvals`, { role: "viewer" });
    expect(state.body.data).toMatchObject({ next_step: 2, approvals: [{ approver_uid: first.person.uid }] });
    // An edit would have made the admin a maker of the version; assigning did not.
    const approved = await api("POST", `/invoice/intent/${invoice.id}/approve`, { role: "admin" });
    expect(approved.body.data?.status, JSON.stringify(approved.body)).toBe("approved");
  }, 120_000);

  it.each([
    ["someone unknown", () => "nobody@nowhere.test", "is not a person in this organization"],
    ["someone without transfer:approve", () => user("viewer").email, "does not hold transfer:approve"],
    ["another organization's approver", () => user("approver", 1).uid, "is not a person in this organization"],
  ])("refuse %s as reviewer with 422 naming the field, changing nothing", async (_label, reviewer, message) => {
    for (const kind of ["invoice", "payout"] as const) {
      const record = kind === "invoice" ? await createInvoice() : await createPayout();
      const error = expectError(await assign(kind, record.id, { reviewer: reviewer(), description: "changed with it" }), 422, 42200);
      expect(error.errors).toEqual([{ field: "reviewer", message: expect.stringContaining(message) }]);
      const after = await api("GET", `/${kind}/intent/${record.id}`, { role: "viewer" });
      expect(after.body.data).toEqual(record);
    }
  });

  it("refuse an approve_time without an offset on a payout with 400, changing nothing", async () => {
    const payout = await createPayout();
    const error = expectError(await assign("payout", payout.id, { approve_time: "2030-05-01T09:30:00" }), 400, 40000);
    expect(error.errors?.find((issue) => issue.field === "approve_time")?.message).toContain("needs a time zone");
    expect((await api("GET", `/payout/intent/${payout.id}`, { role: "viewer" })).body.data).toEqual(payout);
  });
});

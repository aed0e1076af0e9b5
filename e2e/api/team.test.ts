// Team management (issue 13): the org:manage endpoints (users, API keys, audit log, sign-ins),
// their safety rules, and the audit row each audited action writes in its own transaction.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  api,
  approvedInvoice,
  approvedPayout,
  createInvoice,
  createPayout,
  expectError,
  fundBalance,
  fundPayoutOk,
  invoiceRequest,
  org,
  payOk,
  payoutRequest,
  RACE_MODE,
  REFUND_ADDRESS,
  user,
  withdraw,
  type Role,
} from "./support";

type Person = { uid: string; name: string; email: string; permissions: string[]; disabled: boolean; created_at: string };

const tag = () => randomUUID().slice(0, 8);

/** A new person of the organization (by its admin), with a key of their own. */
async function newPerson(permissions: string[], orgIndex: 0 | 1 = 0): Promise<{ person: Person; key: string; keyId: string }> {
  const created = await api("POST", "/users", { orgIndex, body: { name: `Person ${tag()}`, email: `p-${tag()}@team.test`, permissions } });
  if (created.status !== 200) throw new Error(`user create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const key = await api("POST", "/api_keys", { orgIndex, body: { uid: created.body.data.uid } });
  if (key.status !== 200) throw new Error(`key create failed: ${key.status} ${JSON.stringify(key.body)}`);
  return { person: created.body.data, key: key.body.data.api_key, keyId: key.body.data.id };
}

function patchUser(uid: string, body: unknown, options: { orgIndex?: 0 | 1; key?: string; role?: Role } = {}) {
  return api("PATCH", `/users/${uid}`, { ...options, body });
}

type AuditRow = { id: string; created_at: string; actor_uid: string | null; action: string; object_type: string; object_id: string; details: any };

/** The audit rows matching `query` (newest first), as the organization's admin sees them. */
async function audit(query: Record<string, string>, orgIndex: 0 | 1 = 0): Promise<AuditRow[]> {
  const response = await api("GET", `/audit_log?${new URLSearchParams({ page_size: "100", ...query })}`, { orgIndex });
  if (response.status !== 200) throw new Error(`audit log failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

const post = (path: string, role: Role, body?: unknown) => api("POST", path, { role, body });

describe("users", () => {
  it("POST /users creates a person of the caller's organization; GET /users lists them first", async () => {
    const email = `new-${tag()}@team.test`;
    const created = await api("POST", "/users", { body: { name: "  Nina New ", email: email.toUpperCase(), permissions: ["transfer:read", "transfer:read"] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toEqual({
      code: 0,
      data: { uid: expect.stringMatching(/^usr_/), name: "Nina New", email, permissions: ["transfer:read"], disabled: false, created_at: expect.any(String) },
    });
    const listed = await api("GET", "/users?page_size=1");
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([created.body.data]);
    expect(listed.body.paging).toEqual({ page_number: 1, page_size: 1, total_count: expect.any(Number) });
    expect(listed.body.paging.total_count).toBeGreaterThanOrEqual(5);
    // Only the caller's organization: the other one's list does not hold them.
    const other = await api("GET", "/users?page_size=100", { orgIndex: 1 });
    expect(other.body.data.map((person: Person) => person.uid)).not.toContain(created.body.data.uid);
    expect(other.body.data.map((person: Person) => person.uid)).toContain(user("admin", 1).uid);
  });

  it("a duplicate email in the organization is 409 and adds no one", async () => {
    const email = `dup-${tag()}@team.test`;
    expect((await api("POST", "/users", { body: { name: "First", email, permissions: [] } })).status).toBe(200);
    expectError(await api("POST", "/users", { body: { name: "Second", email, permissions: ["transfer:read"] } }), 409, 40900);
    const all = await api("GET", "/users?page_size=100");
    expect(all.body.data.filter((person: Person) => person.email === email)).toHaveLength(1);
    // Another organization may have the same address.
    expect((await api("POST", "/users", { orgIndex: 1, body: { name: "Elsewhere", email, permissions: [] } })).status).toBe(200);
  });

  it("an unknown permission is 400 naming it; bad fields are 400", async () => {
    const error = expectError(await api("POST", "/users", { body: { name: "X", email: `x-${tag()}@team.test`, permissions: ["transfer:read", "org:own"] } }), 400, 40000);
    expect(error.errors?.[0]?.field).toBe("permissions.1");
    expect(error.message).toContain('"org:own" is not a permission');
    for (const body of [{ email: "a@b.test", permissions: [] }, { name: "X", email: "not-an-email", permissions: [] }, { name: "X", email: "a@b.test" }, { name: " ", email: "a@b.test", permissions: [] }]) {
      expectError(await api("POST", "/users", { body }), 400, 40000);
    }
  });

  it("PATCH /users/{uid} changes permissions and disabled, and refuses an empty or unknown change", async () => {
    const { person } = await newPerson(["transfer:read"]);
    const raised = await patchUser(person.uid, { permissions: ["transfer:read", "transfer:create"] });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.data).toEqual({ ...person, permissions: ["transfer:read", "transfer:create"] });
    const disabled = await patchUser(person.uid, { disabled: true });
    expect(disabled.body.data).toMatchObject({ permissions: ["transfer:read", "transfer:create"], disabled: true });
    expectError(await patchUser(person.uid, {}), 400, 40000);
    expectError(await patchUser(person.uid, { permissions: ["root"] }), 400, 40000);
    expectError(await patchUser(person.uid, { disabled: "yes" }), 400, 40000);
    expectError(await patchUser(`usr_${"0".repeat(24)}`, { disabled: true }), 404, 40400);
  });

  it("without org:manage every team endpoint is 403; without a key 401", async () => {
    const uid = user("viewer").uid;
    const calls = (options: { role?: Role; key?: null }) => [
      api("GET", "/users", options),
      api("POST", "/users", { ...options, body: { name: "No", email: `no-${tag()}@team.test`, permissions: [] } }),
      api("PATCH", `/users/${uid}`, { ...options, body: { permissions: ["org:manage"] } }),
      api("GET", "/api_keys", options),
      api("POST", "/api_keys", { ...options, body: { uid } }),
      api("POST", `/api_keys/key_${"0".repeat(24)}/revoke`, options),
      api("GET", "/audit_log", options),
    ];
    for (const role of ["finance", "approver", "viewer"] as const) {
      for (const response of await Promise.all(calls({ role }))) expect(expectError(response, 403, 40300).message).toContain("org:manage");
    }
    for (const response of await Promise.all(calls({ key: null }))) expectError(response, 401, 40100);
    expect((await api("GET", "/me", { role: "viewer" })).body.data.permissions).toEqual(["transfer:read"]);
  });

  it("unsupported methods are 405 with Allow", async () => {
    const refused = await api("DELETE", `/users/${user("viewer").uid}`);
    expectError(refused, 405, 40500);
    expect(refused.headers.get("allow")).toBe("PATCH");
    expect((await api("PUT", "/users")).headers.get("allow")).toBe("GET, POST");
    expect((await api("DELETE", "/audit_log")).headers.get("allow")).toBe("GET");
  });
});

describe("API keys", () => {
  it("POST /api_keys returns the secret once; GET /api_keys lists the record without it; revoke stops the key", async () => {
    const { person } = await newPerson(["transfer:read"]);
    const created = await api("POST", "/api_keys", { body: { uid: person.uid } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const secret: string = created.body.data.api_key;
    expect(secret).toMatch(/^stk_[A-Za-z0-9_-]{32}$/);
    const record = {
      id: expect.stringMatching(/^key_/),
      prefix: secret.slice(0, 8),
      last4: secret.slice(-4),
      uid: person.uid,
      created_at: expect.any(String),
      last_used_at: null,
      revoked: false,
      revoked_at: null,
    };
    expect(created.body.data).toEqual({ ...record, api_key: secret });
    expect((await api("GET", "/me", { key: secret })).body.data.uid).toBe(person.uid);

    const listed = await api("GET", `/api_keys?uid=${person.uid}`);
    expect(listed.status).toBe(200);
    expect(listed.body.paging).toEqual({ page_number: 1, page_size: 20, total_count: 2 });
    expect(listed.body.data[0]).toEqual({ ...record, last_used_at: expect.any(String) });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const all = await api("GET", "/api_keys?page_size=100");
    expect(all.body.data.map((key: { id: string }) => key.id)).toContain(created.body.data.id);
    expect(JSON.stringify(all.body)).not.toMatch(/stk_[A-Za-z0-9_-]{32}/);

    const revoked = await api("POST", `/api_keys/${created.body.data.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: created.body.data.id, revoked: true, revoked_at: expect.any(String) });
    expect(revoked.body.data.api_key).toBeUndefined();
    expectError(await api("GET", "/me", { key: secret }), 401, 40100);
    expectError(await api("POST", `/api_keys/${created.body.data.id}/revoke`), 409, 40900);
    expectError(await api("POST", `/api_keys/key_${"0".repeat(24)}/revoke`), 404, 40400);
  });

  it("refuses a key for an unknown or disabled person and a bad body", async () => {
    const { person } = await newPerson(["transfer:read"]);
    await patchUser(person.uid, { disabled: true });
    expectError(await api("POST", "/api_keys", { body: { uid: person.uid } }), 409, 40900);
    expectError(await api("POST", "/api_keys", { body: { uid: `usr_${"0".repeat(24)}` } }), 404, 40400);
    expectError(await api("POST", "/api_keys", { body: {} }), 400, 40000);
    expectError(await api("POST", "/api_keys", { body: { uid: 7 } }), 400, 40000);
    const keys = await api("GET", `/api_keys?uid=${person.uid}`);
    expect(keys.body.data).toHaveLength(1);
  });
});

describe("organization scoping", () => {
  it("another organization's people and keys are unknown (404), and nothing of theirs changes", async () => {
    const theirs = await newPerson(["transfer:read"], 1);
    expectError(await patchUser(theirs.person.uid, { permissions: ["transfer:read", "transfer:sign", "org:manage"] }), 404, 40400);
    expectError(await patchUser(theirs.person.uid, { disabled: true }), 404, 40400);
    expectError(await api("POST", "/api_keys", { body: { uid: theirs.person.uid } }), 404, 40400);
    expectError(await api("POST", `/api_keys/${theirs.keyId}/revoke`), 404, 40400);
    expect((await api("GET", `/api_keys?uid=${theirs.person.uid}`)).body.data).toEqual([]);
    expect(await audit({ object_id: theirs.person.uid })).toEqual([]);
    // Still as their admin made them: their key works and holds only transfer:read.
    const me = await api("GET", "/me", { key: theirs.key });
    expect(me.status).toBe(200);
    expect(me.body.data.permissions).toEqual(["transfer:read"]);
    expect((await api("GET", `/api_keys?uid=${theirs.person.uid}`, { orgIndex: 1 })).body.data[0].revoked).toBe(false);
  });

  it("an admin cannot give permissions in another organization, even to its admin's own uid", async () => {
    expectError(await patchUser(user("viewer", 1).uid, { permissions: ["transfer:sign"] }), 404, 40400);
    expectError(await patchUser(user("viewer").uid, { permissions: ["transfer:sign"] }, { orgIndex: 1 }), 404, 40400);
    expect((await api("GET", "/me", { role: "viewer", orgIndex: 1 })).body.data.permissions).toEqual(["transfer:read"]);
    expect((await api("GET", "/me", { role: "viewer" })).body.data.permissions).toEqual(["transfer:read"]);
  });
});

describe("safety rules", () => {
  it("a disabled person's keys answer 401 on the next request; enabling them again restores the keys", async () => {
    const { person, key } = await newPerson(["transfer:read"]);
    const second = await api("POST", "/api_keys", { body: { uid: person.uid } });
    expect((await api("GET", "/me", { key })).status).toBe(200);
    expect((await patchUser(person.uid, { disabled: true })).status).toBe(200);
    for (const secret of [key, second.body.data.api_key]) {
      expectError(await api("GET", "/me", { key: secret }), 401, 40100);
      expectError(await api("GET", "/invoice/intents", { key: secret }), 401, 40100);
      expectError(await api("POST", "/me/sign_ins", { key: secret, body: { outcome: "succeeded" } }), 401, 40100);
    }
    expect((await patchUser(person.uid, { disabled: false })).status).toBe(200);
    expect((await api("GET", "/me", { key })).status).toBe(200);
  });

  it("a permission change takes effect on the next request: GET /me and the action", async () => {
    const { person, key } = await newPerson(["transfer:read"]);
    expect((await api("GET", "/me", { key })).body.data.permissions).toEqual(["transfer:read"]);
    const body = { pricing_mode: "crypto" };
    expectError(await api("POST", "/invoice/intent", { key, body }), 403, 40300);

    await patchUser(person.uid, { permissions: ["transfer:read", "transfer:create"] });
    expect((await api("GET", "/me", { key })).body.data.permissions).toEqual(["transfer:read", "transfer:create"]);
    // Past the permission now: the body itself is what is refused.
    expectError(await api("POST", "/invoice/intent", { key, body }), 400, 40000);

    await patchUser(person.uid, { permissions: [] });
    expect((await api("GET", "/me", { key })).body.data.permissions).toEqual([]);
    expectError(await api("GET", "/invoice/intents", { key }), 403, 40300);
  });

  it("nobody removes org:manage from, or disables, the last enabled holder (409), and nothing changes", async () => {
    const admin = user("admin");
    const before = await audit({ object_id: admin.uid, action: "user.updated" });
    const demote = expectError(await patchUser(admin.uid, { permissions: ["transfer:read"] }), 409, 40900);
    expect(demote.message).toContain("last");
    expectError(await patchUser(admin.uid, { disabled: true }), 409, 40900);
    expect((await api("GET", "/me")).body.data.permissions.sort()).toEqual([...admin.permissions].sort());
    expect(await audit({ object_id: admin.uid, action: "user.updated" })).toEqual(before);

    // With a second enabled holder either may go; a disabled holder does not count.
    const { person: deputy, key } = await newPerson(["org:manage"]);
    await patchUser(deputy.uid, { disabled: true });
    expectError(await patchUser(admin.uid, { permissions: admin.permissions.filter((p) => p !== "org:manage") }), 409, 40900);
    await patchUser(deputy.uid, { disabled: false });
    // The deputy may step down while the admin holds org:manage.
    const stepDown = await patchUser(deputy.uid, { permissions: ["transfer:read"] }, { key });
    expect(stepDown.status, JSON.stringify(stepDown.body)).toBe(200);
    expectError(await api("GET", "/users", { key }), 403, 40300);
  });

  it(`two managers demoting or disabling each other at once: exactly one wins ${RACE_MODE}`, async () => {
    // In the second organization, whose admin's org:manage only this file uses: the admin steps
    // down so two deputies are the only holders, they race, and the admin gets it back after.
    const admin = user("admin", 1);
    const withoutManage = admin.permissions.filter((permission) => permission !== "org:manage");
    for (const change of [{ permissions: ["transfer:read"] }, { disabled: true }]) {
      for (let round = 0; round < 3; round++) {
        const first = await newPerson(["transfer:read", "org:manage"], 1);
        const second = await newPerson(["transfer:read", "org:manage"], 1);
        expect((await patchUser(admin.uid, { permissions: withoutManage }, { orgIndex: 1 })).status).toBe(200);
        const [byFirst, bySecond] = await Promise.all([
          patchUser(second.person.uid, change, { key: first.key }),
          patchUser(first.person.uid, change, { key: second.key }),
        ]);
        const statuses = [byFirst.status, bySecond.status].sort();
        const winner = byFirst.status === 200 ? first : second;
        try {
          expect(statuses[0], JSON.stringify([byFirst.body, bySecond.body])).toBe(200);
          // The loser is refused as the last holder (409) or, when its request authenticated after
          // the winner's change committed, as someone who no longer manages (403) or is disabled (401).
          expect([401, 403, 409]).toContain(statuses[1]);
          const holders = (await api("GET", "/users?page_size=100", { key: winner.key })).body.data.filter(
            (person: Person) => !person.disabled && person.permissions.includes("org:manage"),
          );
          expect(holders.map((person: Person) => person.uid)).toEqual([winner.person.uid]);
        } finally {
          // The admin back as they were, whatever happened above (the rest of the file needs them).
          for (const deputy of [winner, winner === first ? second : first]) {
            const restored = await patchUser(admin.uid, { permissions: admin.permissions }, { key: deputy.key });
            if (restored.status === 200) break;
          }
        }
        // Both deputies retired.
        for (const deputy of [first, second]) {
          expect((await patchUser(deputy.person.uid, { permissions: [], disabled: true }, { orgIndex: 1 })).status).toBe(200);
        }
      }
    }
    expect((await api("GET", "/me", { orgIndex: 1 })).body.data.permissions.sort()).toEqual([...admin.permissions].sort());
  });

  it("maker-checker still holds for someone whose permissions were just raised", async () => {
    const { person, key } = await newPerson(["transfer:read", "transfer:create"]);
    const invoice = await api("POST", "/invoice/intent", { key, body: invoiceRequest() });
    expect(invoice.status).toBe(200);
    const payout = await api("POST", "/payout/intent", { key, body: payoutRequest() });
    expect(payout.status).toBe(200);

    await patchUser(person.uid, { permissions: ["transfer:read", "transfer:create", "transfer:approve"] });
    expectError(await api("POST", `/invoice/intent/${invoice.body.data.id}/approve`, { key }), 403, 40302);
    expectError(await api("POST", `/payout/intent/${payout.body.data.id}/approve`, { key }), 403, 40302);
    expect(await audit({ object_id: invoice.body.data.id, action: "invoice.approved" })).toEqual([]);
    // The raise itself took effect: someone else's invoice they may approve.
    const others = await createInvoice();
    expect((await api("POST", `/invoice/intent/${others.id}/approve`, { key })).status).toBe(200);
  });
});

describe("audit log", () => {
  /** The one row of `action` on `objectId`, checked against the person behind it. */
  async function expectAudited(action: string, objectType: string, objectId: string, actorUid: string | null) {
    const rows = await audit({ object_id: objectId, action });
    expect(rows, `${action} on ${objectId}`).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      actor_uid: actorUid,
      action,
      object_type: objectType,
      object_id: objectId,
      details: expect.any(Object),
    });
    return rows[0]!;
  }

  it("every invoice verb writes one row naming the person; a refused verb writes none", async () => {
    const approved = await approvedInvoice();
    await expectAudited("invoice.approved", "invoice", approved.id, user("approver").uid);
    // Approving again (409) and maker-checker (403) leave no second row.
    expectError(await post(`/invoice/intent/${approved.id}/approve`, "approver"), 409, 40900);
    const own = await createInvoice({ role: "admin" });
    expectError(await post(`/invoice/intent/${own.id}/approve`, "admin"), 403, 40302);
    expect(await audit({ object_id: own.id })).toEqual([]);
    await expectAudited("invoice.approved", "invoice", approved.id, user("approver").uid);

    const rejected = await createInvoice();
    expect((await post(`/invoice/intent/${rejected.id}/reject`, "approver", { reason: "wrong amount" })).status).toBe(200);
    const row = await expectAudited("invoice.rejected", "invoice", rejected.id, user("approver").uid);
    expect(row.details).toMatchObject({ from_status: "approval_pending", to_status: "rejected", reason: "wrong amount" });

    const canceled = await createInvoice();
    expect((await post(`/invoice/intent/${canceled.id}/cancel`, "finance")).status).toBe(200);
    await expectAudited("invoice.canceled", "invoice", canceled.id, user("finance").uid);

    const signed = await approvedInvoice();
    await payOk(signed.payment_intent.payment_address, "125.5");
    const signResponse = await post(`/invoice/intent/${signed.id}/sign`, "admin");
    expect(signResponse.status, JSON.stringify(signResponse.body)).toBe(200);
    await expectAudited("invoice.signed", "invoice", signed.id, user("admin").uid);

    const refunded = await approvedInvoice();
    await payOk(refunded.payment_intent.payment_address, "125.5");
    const refund = { refund_address: REFUND_ADDRESS.evm, refund_reason: "customer asked", refund_attachments: [] };
    expect((await post(`/invoice/intent/${refunded.id}/refund`, "admin", refund)).status).toBe(200);
    await expectAudited("invoice.refunded", "invoice", refunded.id, user("admin").uid);
    // A refund refused for its address (422) leaves none.
    const refusedRefund = await approvedInvoice();
    await payOk(refusedRefund.payment_intent.payment_address, "125.5");
    expectError(await post(`/invoice/intent/${refusedRefund.id}/refund`, "admin", { ...refund, refund_address: REFUND_ADDRESS.tron }), 422, 42200);
    expect(await audit({ object_id: refusedRefund.id, action: "invoice.refunded" })).toEqual([]);
  });

  it("payout approve, reject and refund write one row each", async () => {
    const approved = await approvedPayout();
    await expectAudited("payout.approved", "payout", approved.id, user("approver").uid);
    const rejected = await createPayout();
    expect((await post(`/payout/intent/${rejected.id}/reject`, "approver", { reason: "no" })).status).toBe(200);
    await expectAudited("payout.rejected", "payout", rejected.id, user("approver").uid);
    const underfunded = await approvedPayout();
    await fundPayoutOk(underfunded, "40");
    const refund = { refund_address: REFUND_ADDRESS.evm, refund_reason: "short", refund_attachments: [] };
    const refunded = await post(`/payout/intent/${underfunded.id}/refund`, "admin", refund);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await expectAudited("payout.refunded", "payout", underfunded.id, user("admin").uid);
  });

  it("a withdrawal writes one row; one its balance refuses writes none", async () => {
    await fundBalance("arb", "USDC", "3");
    const body = { chain_id: "arb", contract_address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", amount: "1", wallet_address: REFUND_ADDRESS.evm };
    const done = await withdraw(body);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const row = await expectAudited("withdrawal.created", "withdrawal", done.body.data.id, user("admin").uid);
    expect(row.details).toMatchObject({ chain_id: "arb", symbol: "USDC", amount: "1" });
    const before = await audit({ action: "withdrawal.created" });
    expectError(await withdraw({ ...body, amount: "100000000000" }), 422, 42200);
    expect(await audit({ action: "withdrawal.created" })).toEqual(before);
  });

  it("user and key changes write rows with before and after", async () => {
    const admin = user("admin").uid;
    const { person, keyId } = await newPerson(["transfer:read"]);
    const created = await expectAudited("user.created", "user", person.uid, admin);
    expect(created.details).toMatchObject({ email: person.email, permissions: ["transfer:read"] });
    await expectAudited("api_key.created", "api_key", keyId, admin);

    await patchUser(person.uid, { permissions: ["transfer:read", "transfer:approve"], disabled: true });
    const updated = await expectAudited("user.updated", "user", person.uid, admin);
    expect(updated.details).toEqual({
      before: { permissions: ["transfer:read"], disabled: false },
      after: { permissions: ["transfer:read", "transfer:approve"], disabled: true },
    });
    // A change to what it already is writes nothing.
    await patchUser(person.uid, { disabled: true });
    await expectAudited("user.updated", "user", person.uid, admin);

    await api("POST", `/api_keys/${keyId}/revoke`);
    await expectAudited("api_key.revoked", "api_key", keyId, admin);
    expectError(await api("POST", `/api_keys/${keyId}/revoke`), 409, 40900);
    await expectAudited("api_key.revoked", "api_key", keyId, admin);

    // A refused create (duplicate email) leaves no row.
    expectError(await api("POST", "/users", { body: { name: "Again", email: person.email, permissions: [] } }), 409, 40900);
    expect((await audit({ action: "user.created" })).filter((row) => row.details.email === person.email)).toHaveLength(1);
  });

  it("POST /me/sign_ins records the key's own user's sign-in with any key", async () => {
    const viewer = user("viewer");
    const signedIn = await api("POST", "/me/sign_ins", { role: "viewer", body: { outcome: "succeeded", ip: "203.0.113.9", user_agent: "Test/1" } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      actor_uid: viewer.uid,
      action: "console.sign_in",
      object_type: "user",
      object_id: viewer.uid,
      details: { ip: "203.0.113.9", user_agent: "Test/1" },
    });
    const failed = await api("POST", "/me/sign_ins", { role: "viewer", body: { outcome: "failed" } });
    expect(failed.body.data).toMatchObject({ action: "console.sign_in_failed", actor_uid: viewer.uid, details: {} });
    const rows = await audit({ actor_uid: viewer.uid, object_type: "user" });
    expect(rows.slice(0, 2).map((row) => row.id)).toEqual([failed.body.data.id, signedIn.body.data.id]);
    expectError(await api("POST", "/me/sign_ins", { role: "viewer", body: { outcome: "maybe" } }), 400, 40000);
    expectError(await api("POST", "/me/sign_ins", { role: "viewer", body: {} }), 400, 40000);
    expectError(await api("POST", "/me/sign_ins", { key: null, body: { outcome: "failed" } }), 401, 40100);
    // The other organization does not see it.
    expect(await audit({ object_id: viewer.uid }, 1)).toEqual([]);
  });

  it("GET /audit_log filters by actor, action, object and time, pages newest first, and refuses bad filters", async () => {
    const startedAt = new Date(Date.now() - 1000).toISOString();
    const { person, key } = await newPerson(["transfer:read"]);
    for (const outcome of ["succeeded", "failed", "succeeded"]) {
      expect((await api("POST", "/me/sign_ins", { key, body: { outcome } })).status).toBe(200);
    }
    const mine = await audit({ actor_uid: person.uid });
    expect(mine.map((row) => row.action)).toEqual(["console.sign_in", "console.sign_in_failed", "console.sign_in"]);
    expect((await audit({ actor_uid: person.uid, action: "console.sign_in" })).length).toBe(2);
    expect((await audit({ object_type: "user", object_id: person.uid })).length).toBe(4); // created + 3 sign-ins
    expect((await audit({ object_id: person.uid, created_after: startedAt })).length).toBe(4);
    expect(await audit({ object_id: person.uid, created_before: startedAt })).toEqual([]);
    const paged = await api("GET", `/audit_log?actor_uid=${person.uid}&page=2&page_size=2`);
    expect(paged.body.paging).toEqual({ page_number: 2, page_size: 2, total_count: 3 });
    expect(paged.body.data.map((row: AuditRow) => row.id)).toEqual([mine[2]!.id]);
    expect(Number(mine[0]!.id)).toBeGreaterThan(Number(mine[1]!.id));
    for (const query of ["page_size=101", "page=0", "created_after=yesterday", "created_before=2026-03-01T10:00:00"]) {
      expectError(await api("GET", `/audit_log?${query}`), 400, 40000);
    }
  });
});

it("the demo organizations each have the admin as their one org:manage holder", () => {
  for (const index of [0, 1] as const) {
    const holders = org(index).users.filter((person) => person.permissions.includes("org:manage"));
    expect(holders.map((person) => person.role)).toEqual(["admin"]);
  }
});

// Team management (issue 13): the org:manage endpoints (users, API keys, audit log, sign-ins),
// their safety rules, and the audit row each audited action writes in its own transaction.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CONSOLE_PROOF_HEADER, consoleProof } from "@/lib/secrets/console-proof";
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
  newPerson,
  org,
  payOk,
  payoutRequest,
  RACE_MODE,
  REFUND_ADDRESS,
  user,
  type Person,
  type Role,
} from "./support";

const tag = () => randomUUID().slice(0, 8);

// The file's organizations are its own (support.ts): it takes org:manage from the admin, races two
// managers, checks the last holder and the newest person, and every audit assertion is about rows
// its own actions wrote. The second organization acts; the first is the other one, probed for isolation.
const OWN = 1 as const;
const OTHER = 0 as const;
const own = (role: Role) => user(role, OWN);
/** A request in this file's organization unless `orgIndex` says otherwise. */
const teamApi: typeof api = (method, urlPath, options = {}) => api(method, urlPath, { orgIndex: OWN, ...options });

function patchUser(uid: string, body: unknown, options: { orgIndex?: 0 | 1; key?: string; role?: Role } = {}) {
  return teamApi("PATCH", `/users/${uid}`, { ...options, body });
}

type AuditRow = { id: string; created_at: string; actor_uid: string | null; action: string; object_type: string; object_id: string; details: any };

/** The audit rows matching `query` (newest first), as the organization's admin sees them. */
async function audit(query: Record<string, string>, orgIndex: 0 | 1 = OWN): Promise<AuditRow[]> {
  const response = await teamApi("GET", `/audit_log?${new URLSearchParams({ page_size: "100", ...query })}`, { orgIndex });
  if (response.status !== 200) throw new Error(`audit log failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

const post = (path: string, role: Role, body?: unknown) => teamApi("POST", path, { role, body });

describe("users", () => {
  it("POST /users creates a person of the caller's organization; GET /users lists them first", async () => {
    const email = `new-${tag()}@team.test`;
    const created = await teamApi("POST", "/users", { body: { name: "  Nina New ", email: email.toUpperCase(), permissions: ["transfer:read", "transfer:read"] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toEqual({
      code: 0,
      data: { uid: expect.stringMatching(/^usr_/), name: "Nina New", email, permissions: ["transfer:read"], disabled: false, created_at: expect.any(String) },
    });
    const listed = await teamApi("GET", "/users?page_size=1");
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([created.body.data]);
    expect(listed.body.paging).toEqual({ page_number: 1, page_size: 1, total_count: expect.any(Number) });
    expect(listed.body.paging.total_count).toBeGreaterThanOrEqual(5);
    // Only the caller's organization: the other one's list does not hold them.
    const other = await teamApi("GET", "/users?page_size=100", { orgIndex: OTHER });
    expect(other.body.data.map((person: Person) => person.uid)).not.toContain(created.body.data.uid);
    expect(other.body.data.map((person: Person) => person.uid)).toContain(user("admin", OTHER).uid);
  });

  it("a duplicate email in the organization is 409 and adds no one", async () => {
    const email = `dup-${tag()}@team.test`;
    expect((await teamApi("POST", "/users", { body: { name: "First", email, permissions: [] } })).status).toBe(200);
    expectError(await teamApi("POST", "/users", { body: { name: "Second", email, permissions: ["transfer:read"] } }), 409, 40900);
    const all = await teamApi("GET", "/users?page_size=100");
    expect(all.body.data.filter((person: Person) => person.email === email)).toHaveLength(1);
    // Another organization may have the same address.
    expect((await teamApi("POST", "/users", { orgIndex: OTHER, body: { name: "Elsewhere", email, permissions: [] } })).status).toBe(200);
  });

  it("an unknown permission is 400 naming it; bad fields are 400", async () => {
    const error = expectError(await teamApi("POST", "/users", { body: { name: "X", email: `x-${tag()}@team.test`, permissions: ["transfer:read", "org:own"] } }), 400, 40000);
    expect(error.errors?.[0]?.field).toBe("permissions.1");
    expect(error.message).toContain('"org:own" is not a permission');
    for (const body of [{ email: "a@b.test", permissions: [] }, { name: "X", email: "not-an-email", permissions: [] }, { name: "X", email: "a@b.test" }, { name: " ", email: "a@b.test", permissions: [] }]) {
      expectError(await teamApi("POST", "/users", { body }), 400, 40000);
    }
  });

  it("PATCH /users/{uid} changes permissions and disabled, and refuses an empty or unknown change", async () => {
    const { person } = await newPerson(["transfer:read"], OWN);
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

  it("without org:manage every team endpoint but making one's own key is 403; without a key 401", async () => {
    const uid = own("viewer").uid;
    const calls = (options: { role?: Role; key?: null }) => [
      teamApi("GET", "/users", options),
      teamApi("POST", "/users", { ...options, body: { name: "No", email: `no-${tag()}@team.test`, permissions: [] } }),
      teamApi("PATCH", `/users/${uid}`, { ...options, body: { permissions: ["org:manage"] } }),
      teamApi("GET", "/api_keys", options),
      teamApi("POST", `/api_keys/key_${"0".repeat(24)}/revoke`, options),
      teamApi("GET", "/audit_log", options),
    ];
    for (const role of ["finance", "approver", "viewer"] as const) {
      for (const response of await Promise.all(calls({ role }))) expect(expectError(response, 403, 40300).message).toContain("org:manage");
    }
    for (const response of await Promise.all(calls({ key: null }))) expectError(response, 401, 40100);
    expectError(await teamApi("POST", "/api_keys", { key: null, body: {} }), 401, 40100);
    expect((await teamApi("GET", "/me", { role: "viewer" })).body.data.permissions).toEqual(["transfer:read"]);
  });

  it("unsupported methods are 405 with Allow", async () => {
    const refused = await teamApi("DELETE", `/users/${own("viewer").uid}`);
    expectError(refused, 405, 40500);
    expect(refused.headers.get("allow")).toBe("PATCH");
    expect((await teamApi("PUT", "/users")).headers.get("allow")).toBe("GET, POST");
    expect((await teamApi("DELETE", "/audit_log")).headers.get("allow")).toBe("GET");
  });
});

describe("API keys", () => {
  it("POST /api_keys makes a key for the caller, shown once; GET /api_keys lists it without the secret; revoke stops it", async () => {
    const { person, key } = await newPerson(["transfer:read"], OWN);
    // Anyone may make keys of their own; without a body, or naming themselves.
    const created = await teamApi("POST", "/api_keys", { key });
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
    expect((await teamApi("GET", "/me", { key: secret })).body.data.uid).toBe(person.uid);
    const named = await teamApi("POST", "/api_keys", { key, body: { uid: person.uid } });
    expect(named.status).toBe(200);
    expect(named.body.data.uid).toBe(person.uid);

    // The use above stamps last_used_at off the request path (best effort): on PostgreSQL's pool the
    // list may be read before that write lands, so it is read until the stamp shows.
    let listed = await teamApi("GET", `/api_keys?uid=${person.uid}`);
    await expect
      .poll(async () => (listed = await teamApi("GET", `/api_keys?uid=${person.uid}`)).body.data[1]?.last_used_at, { timeout: 10_000 })
      .toEqual(expect.any(String));
    expect(listed.status).toBe(200);
    // The key the invite sealed into their console sign-in, the one newPerson made, and these two.
    expect(listed.body.paging).toEqual({ page_number: 1, page_size: 20, total_count: 4 });
    expect(listed.body.data[1]).toEqual({ ...record, last_used_at: expect.any(String) });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const all = await teamApi("GET", "/api_keys?page_size=100");
    expect(all.body.data.map((key: { id: string }) => key.id)).toContain(created.body.data.id);
    expect(JSON.stringify(all.body)).not.toMatch(/stk_[A-Za-z0-9_-]{32}/);

    // An admin revokes anyone's key.
    const revoked = await teamApi("POST", `/api_keys/${created.body.data.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: created.body.data.id, revoked: true, revoked_at: expect.any(String) });
    expect(revoked.body.data.api_key).toBeUndefined();
    expectError(await teamApi("GET", "/me", { key: secret }), 401, 40100);
    expectError(await teamApi("POST", `/api_keys/${created.body.data.id}/revoke`), 409, 40900);
    expectError(await teamApi("POST", `/api_keys/key_${"0".repeat(24)}/revoke`), 404, 40400);
  });

  it("nobody makes a key for someone else, an admin included (403), and nothing is made", async () => {
    const { person, key } = await newPerson(["transfer:read", "transfer:approve"], OWN);
    const before = (await teamApi("GET", `/api_keys?uid=${person.uid}`)).body.paging.total_count;
    const refusal = expectError(await teamApi("POST", "/api_keys", { body: { uid: person.uid } }), 403, 40300);
    expect(refusal.message).toBe("API keys are created for oneself only: a key acts as the person who created it. Leave uid out, or give your own");
    expectError(await teamApi("POST", "/api_keys", { key, body: { uid: own("admin").uid } }), 403, 40300);
    expectError(await teamApi("POST", "/api_keys", { body: { uid: `usr_${"0".repeat(24)}` } }), 403, 40300);
    expect((await teamApi("GET", `/api_keys?uid=${person.uid}`)).body.paging.total_count).toBe(before);
    expect((await teamApi("GET", `/api_keys?uid=${own("admin").uid}&page_size=100`)).body.data.every((row: { uid: string }) => row.uid === own("admin").uid)).toBe(true);
  });

  it("refuses a key for a disabled person and a bad body", async () => {
    const { person, key } = await newPerson(["transfer:read"], OWN);
    expectError(await teamApi("POST", "/api_keys", { key, body: { uid: 7 } }), 400, 40000);
    expectError(await teamApi("POST", "/api_keys", { key, body: { uid: "" } }), 400, 40000);
    await patchUser(person.uid, { disabled: true });
    expectError(await teamApi("POST", "/api_keys", { key }), 401, 40100);
    const keys = await teamApi("GET", `/api_keys?uid=${person.uid}`);
    expect(keys.body.data).toHaveLength(2);
  });
});

describe("organization scoping", () => {
  it("another organization's people and keys are unknown (404), and nothing of theirs changes", async () => {
    const theirs = await newPerson(["transfer:read"], OTHER);
    expectError(await patchUser(theirs.person.uid, { permissions: ["transfer:read", "transfer:sign", "org:manage"] }), 404, 40400);
    expectError(await patchUser(theirs.person.uid, { disabled: true }), 404, 40400);
    expectError(await teamApi("POST", "/api_keys", { body: { uid: theirs.person.uid } }), 403, 40300);
    expectError(await teamApi("POST", `/api_keys/${theirs.keyId}/revoke`), 404, 40400);
    expect((await teamApi("GET", `/api_keys?uid=${theirs.person.uid}`)).body.data).toEqual([]);
    expect(await audit({ object_id: theirs.person.uid })).toEqual([]);
    // Still as their admin made them: their key works and holds only transfer:read.
    const me = await teamApi("GET", "/me", { key: theirs.key });
    expect(me.status).toBe(200);
    expect(me.body.data.permissions).toEqual(["transfer:read"]);
    expect((await teamApi("GET", `/api_keys?uid=${theirs.person.uid}`, { orgIndex: OTHER })).body.data[0].revoked).toBe(false);
  });

  it("an admin cannot give permissions in another organization, even to its admin's own uid", async () => {
    expectError(await patchUser(user("viewer", OTHER).uid, { permissions: ["transfer:sign"] }), 404, 40400);
    expectError(await patchUser(own("viewer").uid, { permissions: ["transfer:sign"] }, { orgIndex: OTHER }), 404, 40400);
    expect((await teamApi("GET", "/me", { role: "viewer", orgIndex: OTHER })).body.data.permissions).toEqual(["transfer:read"]);
    expect((await teamApi("GET", "/me", { role: "viewer" })).body.data.permissions).toEqual(["transfer:read"]);
  });
});

describe("safety rules", () => {
  it("a disabled person's keys answer 401 on the next request; enabling them again restores the keys", async () => {
    const { person, key } = await newPerson(["transfer:read"], OWN);
    const second = await teamApi("POST", "/api_keys", { key });
    expect((await teamApi("GET", "/me", { key })).status).toBe(200);
    expect((await patchUser(person.uid, { disabled: true })).status).toBe(200);
    for (const secret of [key, second.body.data.api_key]) {
      expectError(await teamApi("GET", "/me", { key: secret }), 401, 40100);
      expectError(await teamApi("GET", "/invoice/intents", { key: secret }), 401, 40100);
      expectError(await teamApi("POST", "/me/sign_ins", { key: secret, body: { outcome: "succeeded" } }), 401, 40100);
    }
    expect((await patchUser(person.uid, { disabled: false })).status).toBe(200);
    expect((await teamApi("GET", "/me", { key })).status).toBe(200);
  });

  it("a permission change takes effect on the next request: GET /me and the action", async () => {
    const { person, key } = await newPerson(["transfer:read"], OWN);
    expect((await teamApi("GET", "/me", { key })).body.data.permissions).toEqual(["transfer:read"]);
    const body = { pricing_mode: "crypto" };
    expectError(await teamApi("POST", "/invoice/intent", { key, body }), 403, 40300);

    await patchUser(person.uid, { permissions: ["transfer:read", "transfer:create"] });
    expect((await teamApi("GET", "/me", { key })).body.data.permissions).toEqual(["transfer:read", "transfer:create"]);
    // Past the permission now: the body itself is what is refused.
    expectError(await teamApi("POST", "/invoice/intent", { key, body }), 400, 40000);

    await patchUser(person.uid, { permissions: [] });
    expect((await teamApi("GET", "/me", { key })).body.data.permissions).toEqual([]);
    expectError(await teamApi("GET", "/invoice/intents", { key }), 403, 40300);
  });

  it("nobody removes org:manage from, or disables, the last enabled holder (409), and nothing changes", async () => {
    const admin = own("admin");
    const before = await audit({ object_id: admin.uid, action: "user.updated" });
    const demote = expectError(await patchUser(admin.uid, { permissions: ["transfer:read"] }), 409, 40900);
    expect(demote.message).toContain("last");
    expectError(await patchUser(admin.uid, { disabled: true }), 409, 40900);
    expect((await teamApi("GET", "/me")).body.data.permissions.sort()).toEqual([...admin.permissions].sort());
    expect(await audit({ object_id: admin.uid, action: "user.updated" })).toEqual(before);

    // With a second enabled holder either may go; a disabled holder does not count.
    const { person: deputy, key } = await newPerson(["org:manage"], OWN);
    await patchUser(deputy.uid, { disabled: true });
    expectError(await patchUser(admin.uid, { permissions: admin.permissions.filter((p) => p !== "org:manage") }), 409, 40900);
    await patchUser(deputy.uid, { disabled: false });
    // The deputy may step down while the admin holds org:manage.
    const stepDown = await patchUser(deputy.uid, { permissions: ["transfer:read"] }, { key });
    expect(stepDown.status, JSON.stringify(stepDown.body)).toBe(200);
    expectError(await teamApi("GET", "/users", { key }), 403, 40300);
  });

  it(`two managers demoting or disabling each other at once: exactly one wins ${RACE_MODE}`, async () => {
    // In the second organization, whose admin's org:manage only this file uses: the admin steps
    // down so two deputies are the only holders, they race, and the admin gets it back after.
    const admin = own("admin");
    const withoutManage = admin.permissions.filter((permission) => permission !== "org:manage");
    for (const change of [{ permissions: ["transfer:read"] }, { disabled: true }]) {
      for (let round = 0; round < 3; round++) {
        const first = await newPerson(["transfer:read", "org:manage"], OWN);
        const second = await newPerson(["transfer:read", "org:manage"], OWN);
        expect((await patchUser(admin.uid, { permissions: withoutManage })).status).toBe(200);
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
          const holders = (await teamApi("GET", "/users?page_size=100", { key: winner.key })).body.data.filter(
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
          expect((await patchUser(deputy.person.uid, { permissions: [], disabled: true })).status).toBe(200);
        }
      }
    }
    expect((await teamApi("GET", "/me")).body.data.permissions.sort()).toEqual([...admin.permissions].sort());
    // Twelve people invited and signed in (two scrypt hashes each) on a shared machine.
  }, 120_000);

  it("maker-checker still holds for someone whose permissions were just raised", async () => {
    const { person, key } = await newPerson(["transfer:read", "transfer:create"], OWN);
    const invoice = await teamApi("POST", "/invoice/intent", { key, body: invoiceRequest() });
    expect(invoice.status).toBe(200);
    const payout = await teamApi("POST", "/payout/intent", { key, body: payoutRequest() });
    expect(payout.status).toBe(200);

    await patchUser(person.uid, { permissions: ["transfer:read", "transfer:create", "transfer:approve"] });
    expectError(await teamApi("POST", `/invoice/intent/${invoice.body.data.id}/approve`, { key }), 403, 40302);
    expectError(await teamApi("POST", `/payout/intent/${payout.body.data.id}/approve`, { key }), 403, 40302);
    expect(await audit({ object_id: invoice.body.data.id, action: "invoice.approved" })).toEqual([]);
    // The raise itself took effect: someone else's invoice they may approve.
    const others = await createInvoice({ orgIndex: OWN });
    expect((await teamApi("POST", `/invoice/intent/${others.id}/approve`, { key })).status).toBe(200);
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
    const approved = await approvedInvoice({}, OWN);
    await expectAudited("invoice.approved", "invoice", approved.id, own("approver").uid);
    // Approving again (409) and maker-checker (403) leave no second row.
    expectError(await post(`/invoice/intent/${approved.id}/approve`, "approver"), 409, 40900);
    const admins = await createInvoice({ role: "admin", orgIndex: OWN });
    expectError(await post(`/invoice/intent/${admins.id}/approve`, "admin"), 403, 40302);
    expect(await audit({ object_id: admins.id })).toEqual([]);
    await expectAudited("invoice.approved", "invoice", approved.id, own("approver").uid);

    const rejected = await createInvoice({ orgIndex: OWN });
    expect((await post(`/invoice/intent/${rejected.id}/reject`, "approver", { reason: "wrong amount" })).status).toBe(200);
    const row = await expectAudited("invoice.rejected", "invoice", rejected.id, own("approver").uid);
    expect(row.details).toMatchObject({ from_status: "approval_pending", to_status: "rejected", reason: "wrong amount" });

    const canceled = await createInvoice({ orgIndex: OWN });
    expect((await post(`/invoice/intent/${canceled.id}/cancel`, "finance")).status).toBe(200);
    await expectAudited("invoice.canceled", "invoice", canceled.id, own("finance").uid);

    const signed = await approvedInvoice({}, OWN);
    await payOk(signed.payment_intent.payment_address, "125.5", { orgIndex: OWN });
    const signResponse = await post(`/invoice/intent/${signed.id}/sign`, "admin");
    expect(signResponse.status, JSON.stringify(signResponse.body)).toBe(200);
    await expectAudited("invoice.signed", "invoice", signed.id, own("admin").uid);

    const refunded = await approvedInvoice({}, OWN);
    await payOk(refunded.payment_intent.payment_address, "125.5", { orgIndex: OWN });
    const refund = { refund_address: REFUND_ADDRESS.evm, refund_reason: "customer asked", refund_attachments: [] };
    expect((await post(`/invoice/intent/${refunded.id}/refund`, "admin", refund)).status).toBe(200);
    await expectAudited("invoice.refunded", "invoice", refunded.id, own("admin").uid);
    // A refund refused for its address (422) leaves none.
    const refusedRefund = await approvedInvoice({}, OWN);
    await payOk(refusedRefund.payment_intent.payment_address, "125.5", { orgIndex: OWN });
    expectError(await post(`/invoice/intent/${refusedRefund.id}/refund`, "admin", { ...refund, refund_address: REFUND_ADDRESS.tron }), 422, 42200);
    expect(await audit({ object_id: refusedRefund.id, action: "invoice.refunded" })).toEqual([]);
  });

  it("payout approve, reject and refund write one row each", async () => {
    const approved = await approvedPayout({}, OWN);
    await expectAudited("payout.approved", "payout", approved.id, own("approver").uid);
    const rejected = await createPayout({ orgIndex: OWN });
    expect((await post(`/payout/intent/${rejected.id}/reject`, "approver", { reason: "no" })).status).toBe(200);
    await expectAudited("payout.rejected", "payout", rejected.id, own("approver").uid);
    const underfunded = await approvedPayout({}, OWN);
    await fundPayoutOk(underfunded, "40", { orgIndex: OWN });
    const refund = { refund_address: REFUND_ADDRESS.evm, refund_reason: "short", refund_attachments: [] };
    const refunded = await post(`/payout/intent/${underfunded.id}/refund`, "admin", refund);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await expectAudited("payout.refunded", "payout", underfunded.id, own("admin").uid);
  });

  it("a withdrawal writes one row; one its balance refuses writes none", async () => {
    await fundBalance("arb", "USDC", "3", OWN);
    // A signer of this file's own: another file's withdrawals (as the demo admins) write rows of
    // the same action, but never with this actor.
    const signer = await newPerson(["transfer:read", "transfer:sign"], OWN);
    const withdraw = (amount: string) =>
      teamApi("POST", "/asset_pro/transfer", {
        key: signer.key,
        clientId: null,
        body: { chain_id: "arb", contract_address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", amount, wallet_address: REFUND_ADDRESS.evm },
      });
    const done = await withdraw("1");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const row = await expectAudited("withdrawal.created", "withdrawal", done.body.data.id, signer.person.uid);
    expect(row.details).toMatchObject({ chain_id: "arb", symbol: "USDC", amount: "1" });
    const before = await audit({ action: "withdrawal.created", actor_uid: signer.person.uid });
    expect(before).toEqual([row]);
    expectError(await withdraw("100000000000"), 422, 42200);
    expect(await audit({ action: "withdrawal.created", actor_uid: signer.person.uid })).toEqual(before);
  });

  it("user and key changes write rows with before and after", async () => {
    const admin = own("admin").uid;
    const { person, keyId } = await newPerson(["transfer:read"], OWN);
    const created = await expectAudited("user.created", "user", person.uid, admin);
    expect(created.details).toMatchObject({ email: person.email, permissions: ["transfer:read"] });
    // The key they made themselves is theirs to account for; the one their invite sealed into the
    // console is the admin's act, marked as made by the invite.
    await expectAudited("api_key.created", "api_key", keyId, person.uid);
    const inviteKeys = (await audit({ action: "api_key.created", actor_uid: admin })).filter((row) => row.details.uid === person.uid);
    expect(inviteKeys.map((row) => row.details)).toEqual([{ uid: person.uid, prefix: expect.any(String), last4: expect.any(String), via: "invite" }]);

    await patchUser(person.uid, { permissions: ["transfer:read", "transfer:approve"], disabled: true });
    const updated = await expectAudited("user.updated", "user", person.uid, admin);
    expect(updated.details).toEqual({
      before: { permissions: ["transfer:read"], disabled: false },
      after: { permissions: ["transfer:read", "transfer:approve"], disabled: true },
    });
    // A change to what it already is writes nothing.
    await patchUser(person.uid, { disabled: true });
    await expectAudited("user.updated", "user", person.uid, admin);

    await teamApi("POST", `/api_keys/${keyId}/revoke`);
    await expectAudited("api_key.revoked", "api_key", keyId, admin);
    expectError(await teamApi("POST", `/api_keys/${keyId}/revoke`), 409, 40900);
    await expectAudited("api_key.revoked", "api_key", keyId, admin);

    // A refused create (duplicate email) leaves no row.
    expectError(await teamApi("POST", "/users", { body: { name: "Again", email: person.email, permissions: [] } }), 409, 40900);
    expect((await audit({ action: "user.created" })).filter((row) => row.details.email === person.email)).toHaveLength(1);
  });

  it("POST /me/sign_ins is refused to any key without the console server's proof, and records nothing", async () => {
    const viewer = own("viewer");
    const before = await audit({ actor_uid: viewer.uid, object_type: "user" });
    const body = { outcome: "succeeded", ip: "198.51.100.66" };
    // A key alone (even the person's own, even an admin's) cannot write "this person signed in".
    expectError(await teamApi("POST", "/me/sign_ins", { role: "viewer", body, consoleProof: false }), 403, 40300);
    expectError(await teamApi("POST", "/me/sign_ins", { role: "admin", body, consoleProof: false }), 403, 40300);
    // A proof made for another key, for another body, or an hour old does not pass either.
    const other = user("admin", OWN).api_key;
    const forOther = { [CONSOLE_PROOF_HEADER]: consoleProof(other, JSON.stringify(body)) };
    expectError(await teamApi("POST", "/me/sign_ins", { role: "viewer", body, headers: forOther }), 403, 40300);
    const forOtherBody = { [CONSOLE_PROOF_HEADER]: consoleProof(user("viewer", OWN).api_key, JSON.stringify({ outcome: "failed" })) };
    expectError(await teamApi("POST", "/me/sign_ins", { role: "viewer", body, headers: forOtherBody }), 403, 40300);
    const stale = { [CONSOLE_PROOF_HEADER]: consoleProof(user("viewer", OWN).api_key, JSON.stringify(body), Date.now() - 3600_000) };
    expectError(await teamApi("POST", "/me/sign_ins", { role: "viewer", body, headers: stale }), 403, 40300);
    expect(await audit({ actor_uid: viewer.uid, object_type: "user" })).toEqual(before);
  });

  it("POST /me/sign_ins records the key's own user's sign-in, sent with the console server's proof", async () => {
    const viewer = own("viewer");
    const signedIn = await teamApi("POST", "/me/sign_ins", { role: "viewer", body: { outcome: "succeeded", ip: "203.0.113.9", user_agent: "Test/1" } });
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
    const failed = await teamApi("POST", "/me/sign_ins", { role: "viewer", body: { outcome: "failed" } });
    expect(failed.body.data).toMatchObject({ action: "console.sign_in_failed", actor_uid: viewer.uid, details: {} });
    const rows = await audit({ actor_uid: viewer.uid, object_type: "user" });
    expect(rows.slice(0, 2).map((row) => row.id)).toEqual([failed.body.data.id, signedIn.body.data.id]);
    expectError(await teamApi("POST", "/me/sign_ins", { role: "viewer", body: { outcome: "maybe" } }), 400, 40000);
    expectError(await teamApi("POST", "/me/sign_ins", { role: "viewer", body: {} }), 400, 40000);
    expectError(await teamApi("POST", "/me/sign_ins", { key: null, body: { outcome: "failed" } }), 401, 40100);
    // The other organization does not see it.
    expect(await audit({ object_id: viewer.uid }, OTHER)).toEqual([]);
  });

  it("GET /audit_log filters by actor, action, object and time, pages newest first, and refuses bad filters", async () => {
    // newPerson writes user.created, their first console sign-in, their first password's change and their own key's api_key.created.
    const { person, key } = await newPerson(["transfer:read"], OWN);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const startedAt = new Date().toISOString();
    for (const outcome of ["succeeded", "failed", "succeeded"]) {
      expect((await teamApi("POST", "/me/sign_ins", { key, body: { outcome } })).status).toBe(200);
    }
    const mine = await audit({ actor_uid: person.uid, created_after: startedAt });
    expect(mine.map((row) => row.action)).toEqual(["console.sign_in", "console.sign_in_failed", "console.sign_in"]);
    expect((await audit({ actor_uid: person.uid, action: "console.sign_in" })).length).toBe(3);
    expect((await audit({ object_type: "user", object_id: person.uid })).length).toBe(6); // created + 4 sign-ins + the password change
    expect((await audit({ object_id: person.uid, created_after: startedAt })).length).toBe(3);
    expect((await audit({ object_id: person.uid, created_before: startedAt })).map((row) => row.action)).toEqual([
      "console.password_changed",
      "console.sign_in",
      "user.created",
    ]);
    const paged = await teamApi("GET", `/audit_log?actor_uid=${person.uid}&created_after=${startedAt}&page=2&page_size=2`);
    expect(paged.body.paging).toEqual({ page_number: 2, page_size: 2, total_count: 3, next_starting_after: null });
    expect(paged.body.data.map((row: AuditRow) => row.id)).toEqual([mine[2]!.id]);
    expect(Number(mine[0]!.id)).toBeGreaterThan(Number(mine[1]!.id));
    for (const query of ["page_size=101", "page=0", "created_after=yesterday", "created_before=2026-03-01T10:00:00"]) {
      expectError(await teamApi("GET", `/audit_log?${query}`), 400, 40000);
    }
  });
});

it("the demo organizations each have the admin as their one org:manage holder", () => {
  for (const index of [0, 1] as const) {
    const holders = org(index).users.filter((person) => person.permissions.includes("org:manage"));
    expect(holders.map((person) => person.role)).toEqual(["admin"]);
  }
});

// Spec part 5 for payouts: create/update need transfer:create, approve/reject transfer:approve,
// refund transfer:sign, get/list/logs transfer:read; every role of the demo seed, every endpoint.
import { describe, expect, it } from "vitest";
import {
  api,
  approvedPayout,
  countPayoutsMatching,
  createPayout,
  expectError,
  fundPayoutOk,
  getPayout,
  payoutLogs,
  payoutRequest,
  REFUND_ADDRESS,
  ROLES,
  user,
  type Role,
} from "./support";
import { DEMO_ROLES } from "@/lib/studio/seed/demo";

type Endpoint = "create" | "get" | "put" | "list" | "logs" | "approve" | "reject" | "refund";

const NEEDS: Record<Endpoint, string> = {
  create: "transfer:create",
  get: "transfer:read",
  put: "transfer:create",
  list: "transfer:read",
  logs: "transfer:read",
  approve: "transfer:approve",
  reject: "transfer:approve",
  refund: "transfer:sign",
};

// The demo roles of the brief, written out so that a change to the seed is caught here.
const ALLOWED: Record<Role, Endpoint[]> = {
  finance: ["create", "get", "put", "list", "logs"],
  approver: ["get", "list", "logs", "approve", "reject"],
  admin: ["create", "get", "put", "list", "logs", "approve", "reject", "refund"],
  viewer: ["get", "list", "logs"],
};

const REFUND_BODY = { refund_address: REFUND_ADDRESS.evm, refund_reason: "r", refund_attachments: [] };

/** A fresh payout in the status the endpoint acts on, created by finance (so admin may approve it). */
async function subjectFor(endpoint: Endpoint) {
  if (endpoint !== "refund") return createPayout({ role: "finance" });
  const payout = await approvedPayout();
  return (await fundPayoutOk(payout, "50")).payout;
}

function call(endpoint: Endpoint, id: string, options: { role?: Role; key?: string | null }) {
  switch (endpoint) {
    case "create":
      return api("POST", "/payout/intent", { ...options, body: payoutRequest() });
    case "get":
      return api("GET", `/payout/intent/${id}`, options);
    case "put":
      return api("PUT", `/payout/intent/${id}`, { ...options, body: { description: `edited by ${options.role}` } });
    case "list":
      return api("GET", "/payout/intents?page_size=1", options);
    case "logs":
      return api("GET", `/payout/intent/${id}/logs`, options);
    case "approve":
      return api("POST", `/payout/intent/${id}/approve`, options);
    case "reject":
      return api("POST", `/payout/intent/${id}/reject`, { ...options, body: { reason: "no" } });
    case "refund":
      return api("POST", `/payout/intent/${id}/refund`, { ...options, body: REFUND_BODY });
  }
}

const ENDPOINTS = Object.keys(NEEDS) as Endpoint[];
const MATRIX = ROLES.flatMap((role) => ENDPOINTS.map((endpoint) => [role, endpoint] as const));

describe("permission matrix: 4 roles × 8 payout endpoints", () => {
  it("the demo roles hold the permissions the matrix assumes", () => {
    expect([...DEMO_ROLES.finance!].sort()).toEqual(["transfer:create", "transfer:read"]);
    expect([...DEMO_ROLES.approver!].sort()).toEqual(["transfer:approve", "transfer:read"]);
    expect(DEMO_ROLES.viewer).toEqual(["transfer:read"]);
    expect([...DEMO_ROLES.admin!].sort()).toEqual(["org:manage", "transfer:approve", "transfer:create", "transfer:read", "transfer:sign"]);
  });

  it.each(MATRIX)("%s → %s", async (role, endpoint) => {
    const subject = await subjectFor(endpoint);
    const before = await getPayout(subject.id);
    const logsBefore = await payoutLogs(subject.id);
    const response = await call(endpoint, subject.id, { role });
    if (ALLOWED[role].includes(endpoint)) {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.code).toBe(0);
      return;
    }
    const error = expectError(response, 403, 40300);
    expect(error.message).toContain(NEEDS[endpoint]);
    // A refusal changes nothing.
    expect(await getPayout(subject.id)).toEqual(before);
    expect(await payoutLogs(subject.id)).toEqual(logsBefore);
  });

  it("a refused create writes nothing, and permission is checked before the body", async () => {
    const request = payoutRequest();
    for (const role of ["approver", "viewer"] as const) {
      expectError(await api("POST", "/payout/intent", { role, body: request }), 403, 40300);
    }
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(0);
    expectError(await api("POST", "/payout/intent", { role: "viewer", body: { nonsense: true } }), 403, 40300);
    const payout = await createPayout();
    expectError(await api("POST", `/payout/intent/${payout.id}/reject`, { role: "finance", body: {} }), 403, 40300);
  });

  it("the sandbox deposit needs transfer:sign (security review: it marks funds as arrived)", async () => {
    const payout = await approvedPayout();
    for (const role of ["viewer", "finance", "approver"] as const) {
      const refused = expectError(
        await api("POST", `/sandbox/payment_intent/${payout.payment_intent.payment_intent_id}/pay`, { role, body: { amount: "100" } }),
        403,
        40300,
      );
      expect(refused.message).toContain("transfer:sign");
    }
    expect((await getPayout(payout.id)).status).toBe("approved");
    expect((await fundPayoutOk(payout, "100", { role: "admin" })).payout.status).toBe("completed");
  });
});

describe("authentication", () => {
  it.each(ENDPOINTS)("%s without X-STUDIO-API-KEY → 401/40100", async (endpoint) => {
    const payout = await createPayout();
    const error = expectError(await call(endpoint, payout.id, { key: null }), 401, 40100);
    expect(error.message).toContain("X-STUDIO-API-KEY");
  });

  it.each(ENDPOINTS)("%s with an unknown key → 401/40100", async (endpoint) => {
    const payout = await createPayout();
    expectError(await call(endpoint, payout.id, { key: `stk_${"A".repeat(32)}` }), 401, 40100);
  });

  it("the key's user is the operator in the log", async () => {
    const payout = await createPayout({ role: "admin" });
    expect((await payoutLogs(payout.id))[0]?.operator_uid).toBe(user("admin").uid);
  });
});

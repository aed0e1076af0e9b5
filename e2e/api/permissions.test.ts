import { beforeAll, describe, expect, it } from "vitest";
import { api, createInvoice, expectError, invoiceRequest, ROLES, user, type Role } from "./support";
import { DEMO_ROLES } from "@/lib/studio/seed/demo";

type Endpoint = "create" | "get" | "put" | "list" | "logs";

// Spec part 5: create and update need transfer:create; get, list and logs need transfer:read.
const NEEDS: Record<Endpoint, string> = {
  create: "transfer:create",
  get: "transfer:read",
  put: "transfer:create",
  list: "transfer:read",
  logs: "transfer:read",
};

// The demo roles of the brief, written out so that a change to the seed is caught here.
const ALLOWED: Record<Role, Endpoint[]> = {
  finance: ["create", "get", "put", "list", "logs"],
  approver: ["get", "list", "logs"],
  admin: ["create", "get", "put", "list", "logs"],
  viewer: ["get", "list", "logs"],
};

let invoiceId = "";

beforeAll(async () => {
  invoiceId = (await createInvoice({ role: "admin" })).id;
});

function call(endpoint: Endpoint, options: { role?: Role; key?: string | null }) {
  switch (endpoint) {
    case "create":
      return api("POST", "/invoice/intent", { ...options, body: invoiceRequest() });
    case "get":
      return api("GET", `/invoice/intent/${invoiceId}`, options);
    case "put":
      return api("PUT", `/invoice/intent/${invoiceId}`, { ...options, body: { description: `edited by ${options.role}` } });
    case "list":
      return api("GET", "/invoice/intents?page_size=1", options);
    case "logs":
      return api("GET", `/invoice/intent/${invoiceId}/logs`, options);
  }
}

const ENDPOINTS = Object.keys(NEEDS) as Endpoint[];
const MATRIX = ROLES.flatMap((role) => ENDPOINTS.map((endpoint) => [role, endpoint] as const));

describe("permission matrix: 4 roles × 5 invoice endpoints", () => {
  it("the demo roles hold the permissions the matrix assumes", () => {
    expect(DEMO_ROLES.finance?.sort()).toEqual(["transfer:create", "transfer:read"]);
    expect(DEMO_ROLES.approver?.sort()).toEqual(["transfer:approve", "transfer:read"]);
    expect(DEMO_ROLES.viewer).toEqual(["transfer:read"]);
    expect(DEMO_ROLES.admin?.sort()).toEqual(["org:manage", "transfer:approve", "transfer:create", "transfer:read", "transfer:sign"]);
    for (const role of ROLES) expect(user(role).permissions.sort()).toEqual(DEMO_ROLES[role]?.sort());
  });

  it.each(MATRIX)("%s → %s", async (role, endpoint) => {
    const response = await call(endpoint, { role });
    if (ALLOWED[role].includes(endpoint)) {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.code).toBe(0);
    } else {
      const error = expectError(response, 403, 40300);
      expect(error.message).toContain(NEEDS[endpoint]);
    }
  });

  it("a refused create or update writes nothing", async () => {
    const request = invoiceRequest();
    expectError(await api("POST", "/invoice/intent", { role: "viewer", body: request }), 403, 40300);
    const search = await api("GET", `/invoice/intents?search=${encodeURIComponent(request.recipient_email)}`, { role: "viewer" });
    expect(search.body.paging.total_count).toBe(0);

    const before = await api("GET", `/invoice/intent/${invoiceId}`, { role: "viewer" });
    const logsBefore = await api("GET", `/invoice/intent/${invoiceId}/logs`, { role: "viewer" });
    expectError(
      await api("PUT", `/invoice/intent/${invoiceId}`, { role: "approver", body: { recipient_name: "Changed" } }),
      403,
      40300,
    );
    const after = await api("GET", `/invoice/intent/${invoiceId}`, { role: "viewer" });
    const logsAfter = await api("GET", `/invoice/intent/${invoiceId}/logs`, { role: "viewer" });
    expect(after.body.data.recipient_name).toBe(before.body.data.recipient_name);
    expect(logsAfter.body.data.length).toBe(logsBefore.body.data.length);
  });

  it("permission is checked before the body: a viewer's invalid create is still 403", async () => {
    expectError(await api("POST", "/invoice/intent", { role: "viewer", body: { nonsense: true } }), 403, 40300);
  });
});

describe("authentication", () => {
  it.each(ENDPOINTS)("%s without X-STUDIO-API-KEY → 401/40100", async (endpoint) => {
    const error = expectError(await call(endpoint, { key: null }), 401, 40100);
    expect(error.message).toContain("X-STUDIO-API-KEY");
  });

  it.each(ENDPOINTS)("%s with an unknown key → 401/40100", async (endpoint) => {
    expectError(await call(endpoint, { key: `stk_${"A".repeat(32)}` }), 401, 40100);
  });

  it("a key that is not even key-shaped → 401/40100, never a 500", async () => {
    for (const key of ["x", "stk_", "'; DROP TABLE api_keys; --", "k".repeat(4000)]) {
      expectError(await api("GET", "/invoice/intents", { key }), 401, 40100);
    }
  });

  it("authentication comes before everything else: no key + bad body is 401, not 400", async () => {
    expectError(await api("POST", "/invoice/intent", { key: null, rawBody: "{not json", headers: { "Content-Type": "application/json" } }), 401, 40100);
  });

  it("GET /me answers every role with its user, organization and permissions", async () => {
    for (const role of ROLES) {
      const response = await api("GET", "/me", { role });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ uid: user(role).uid, email: user(role).email });
      expect(response.body.data.permissions.sort()).toEqual(user(role).permissions.sort());
    }
  });
});

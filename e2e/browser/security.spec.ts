import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { allApiKeys, baseUrl, createInvoice, createPayout, person, KEY_PATTERN, studio, type Role } from "./support";

const ORIGIN = { Origin: baseUrl };
const ROUTES: Array<{ method: "GET" | "POST" | "PUT"; path: string }> = [
  { method: "GET", path: "/api/me" },
  { method: "GET", path: "/api/invoices" },
  { method: "POST", path: "/api/invoices" },
  { method: "GET", path: "/api/invoices/ii_x" },
  { method: "PUT", path: "/api/invoices/ii_x" },
  { method: "GET", path: "/api/invoices/ii_x/logs" },
  ...["approve", "reject", "cancel", "sign", "refund"].map((action) => ({ method: "POST" as const, path: `/api/invoices/ii_x/${action}` })),
  { method: "GET", path: "/api/payouts" },
  { method: "POST", path: "/api/payouts" },
  { method: "GET", path: "/api/payouts/po_x" },
  { method: "PUT", path: "/api/payouts/po_x" },
  { method: "GET", path: "/api/payouts/po_x/logs" },
  ...["approve", "reject", "refund"].map((action) => ({ method: "POST" as const, path: `/api/payouts/po_x/${action}` })),
  { method: "POST", path: "/api/sandbox/pay" },
  { method: "POST", path: "/api/auth/sign-out" },
  { method: "POST", path: "/api/auth/step-up" },
];
const MUTATING = ROUTES.filter((route) => route.method !== "GET");

type Playwright = { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } };

async function session(playwright: Playwright, role: Role, orgIndex = 0): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({ baseURL: baseUrl });
  const user = person(role, orgIndex);
  const response = await context.post("/api/auth/sign-in", { headers: ORIGIN, data: { email: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  return context;
}

function call(context: APIRequestContext, route: { method: string; path: string }, headers: Record<string, string>) {
  return context.fetch(route.path, { method: route.method, headers, data: route.method === "GET" ? undefined : {} });
}

test("every console route answers 401 without a session", async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: baseUrl });
  for (const route of ROUTES) {
    const response = await call(anonymous, route, ORIGIN);
    expect(response.status(), `${route.method} ${route.path}`).toBe(401);
    expect((await response.json()).code).toBe(40100);
  }
  await anonymous.dispose();
});

test("mutating routes refuse a missing or foreign Origin with 403, and nothing changes", async ({ playwright }) => {
  const invoice = await createInvoice();
  const payout = await createPayout();
  const admin = await session(playwright, "admin");
  for (const route of MUTATING.map((r) => ({ ...r, path: r.path.replace("ii_x", invoice.id).replace("po_x", payout.id) }))) {
    for (const headers of [{}, { Origin: "https://evil.example" }, { Origin: "null" }] as Array<Record<string, string>>) {
      const response = await call(admin, route, headers);
      expect(response.status(), `${route.method} ${route.path} ${JSON.stringify(headers)}`).toBe(403);
    }
  }
  const signIn = await admin.post("/api/auth/sign-in", { headers: { Origin: "https://evil.example" }, data: { email: "x@y.z", password: "x" } });
  expect(signIn.status()).toBe(403);
  expect((await studio("GET", `/invoice/intent/${invoice.id}`, "admin")).status).toBe("approval_pending");
  expect((await studio("GET", `/payout/intent/${payout.id}`, "admin")).status).toBe("approval_pending");
  expect((await admin.get("/api/me")).status()).toBe(200);
  await admin.dispose();
});

test("a viewer forging an approve request gets the Studio's 403", async ({ playwright }) => {
  const invoice = await createInvoice();
  const viewer = await session(playwright, "viewer");
  const response = await viewer.post(`/api/invoices/${invoice.id}/approve`, { headers: ORIGIN, data: {} });
  expect(response.status()).toBe(403);
  const body = await response.json();
  expect(body.code).toBe(40300);
  expect(body.message).toContain("transfer:approve");
  expect((await studio("GET", `/invoice/intent/${invoice.id}`, "admin")).status).toBe("approval_pending");
  const payout = await createPayout();
  const forged = await viewer.post(`/api/payouts/${payout.id}/approve`, { headers: ORIGIN, data: {} });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).code).toBe(40300);
  expect((await studio("GET", `/payout/intent/${payout.id}`, "admin")).status).toBe("approval_pending");
  await viewer.dispose();
});

test("sign-in is throttled per account after five failures, even with the right password", async ({ playwright }) => {
  const context = await playwright.request.newContext({ baseURL: baseUrl });
  const user = person("approver", 1);
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await context.post("/api/auth/sign-in", { headers: ORIGIN, data: { email: user.email, password: "wrong" } });
    expect(response.status()).toBe(401);
  }
  const blocked = await context.post("/api/auth/sign-in", { headers: ORIGIN, data: { email: user.email, password: user.password } });
  expect(blocked.status()).toBe(429);
  expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
  await context.dispose();
});

test("claiming a new X-Forwarded-For address for every try does not escape the per-account limit (no trusted proxy configured)", async ({ playwright }) => {
  // The per-address limit and the address it counts (the socket's, not the header's): e2e/servers/rate-limit.test.ts.
  const context = await playwright.request.newContext({ baseURL: baseUrl });
  const email = `rotating-${Math.random().toString(36).slice(2)}@nowhere.test`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await context.post("/api/auth/sign-in", { headers: { ...ORIGIN, "X-Forwarded-For": `198.51.100.${attempt + 1}` }, data: { email, password: "wrong" } });
    expect(response.status()).toBe(401);
  }
  const rotated = await context.post("/api/auth/sign-in", { headers: { ...ORIGIN, "X-Forwarded-For": "198.51.100.99" }, data: { email, password: "wrong" } });
  expect(rotated.status()).toBe(429);
  await context.dispose();
});

test("no Studio key in the built static files", () => {
  const staticDir = path.resolve(process.env.NEXT_DIST_DIR || ".next", "static");
  expect(fs.existsSync(staticDir), `${staticDir} exists (run after next build)`).toBe(true);
  const keys = allApiKeys();
  // The demo's eight keys and the eight of this spec's own two organizations.
  expect(keys.length).toBe(16);
  let files = 0;
  for (const entry of fs.readdirSync(staticDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), "latin1");
    files += 1;
    expect(KEY_PATTERN.test(text), entry.name).toBe(false);
    for (const key of keys) expect(text.includes(key), entry.name).toBe(false);
  }
  expect(files).toBeGreaterThan(5);
});

test("no Studio key in any served page or console route response", async ({ playwright }) => {
  const invoice = await createInvoice();
  const payout = await createPayout();
  const keys = allApiKeys();
  const admin = await session(playwright, "admin");
  const anonymous = await playwright.request.newContext({ baseURL: baseUrl });
  const paths = [
    "/sign-in",
    "/invoices",
    "/invoices?status_category=pending_review",
    `/invoices/${invoice.id}`,
    `/invoices/${invoice.id}/edit`,
    "/invoices/new",
    "/api/me",
    "/api/invoices",
    `/api/invoices/${invoice.id}`,
    `/api/invoices/${invoice.id}/logs`,
    "/payouts",
    `/payouts/${payout.id}`,
    `/payouts/${payout.id}/edit`,
    "/payouts/new",
    "/api/payouts",
    `/api/payouts/${payout.id}`,
    `/api/payouts/${payout.id}/logs`,
    "/no-such-page",
  ];
  for (const context of [admin, anonymous]) {
    for (const urlPath of paths) {
      const response = await context.get(urlPath);
      const text = await response.text();
      expect(KEY_PATTERN.test(text), urlPath).toBe(false);
      for (const key of keys) expect(text.includes(key), urlPath).toBe(false);
      for (const header of Object.values(response.headers())) expect(KEY_PATTERN.test(header)).toBe(false);
    }
  }
  const created = await admin.post("/api/invoices", { headers: ORIGIN, data: { pricing_mode: "fiat" } });
  expect(created.status()).toBe(400);
  expect(KEY_PATTERN.test(await created.text())).toBe(false);
  await admin.dispose();
  await anonymous.dispose();
});

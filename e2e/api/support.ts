// Shared by the HTTP integration tests: the running server, the test file's organizations and people, and a client.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { DemoCredentials } from "@/lib/studio/seed/demo";
import { organizationsOf, type TestOrganization } from "../organizations/test-organizations";
import { CONSOLE_PROOF_HEADER, consoleProof } from "@/lib/secrets/console-proof";

const baseUrl = process.env.STUDIO_TEST_URL;
const dataDir = process.env.STUDIO_TEST_DATA_DIR;
if (!baseUrl || !dataDir) throw new Error("Run the API tests through `npm test` (it starts the server).");

export type Role = "finance" | "approver" | "admin" | "viewer";
export const ROLES: Role[] = ["finance", "approver", "admin", "viewer"];

/** The demo seed's organizations: index 0 is Demo Merchant, 1 is Second Merchant. */
const demoCredentials: DemoCredentials = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));

let actsInDemo = false;
/**
 * For a file whose subject is the demo seed's own data (its invoices, payouts and statuses): from
 * here on `org` and `user` are the demo organizations', which other files leave alone.
 */
export function useDemoOrganizations(): void {
  actsInDemo = true;
}

/** A person of a demo organization, for a read of the seed's rows (its hundreds of invoices) in a file that acts in its own. */
export function demoUser(role: Role, orgIndex: 0 | 1 = 0) {
  const found = demoCredentials.orgs[orgIndex]?.users.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no demo ${role} in demo org ${orgIndex}`);
  return found;
}

let own: TestOrganization[] | undefined;
/** Vitest runs each file with a module registry of its own, so this is the running file's. */
function organizations(): TestOrganization[] {
  if (actsInDemo) return demoCredentials.orgs;
  const file = expect.getState().testPath;
  if (!file) throw new Error("org() and user() answer inside a test file");
  own ??= organizationsOf(dataDir!, file);
  return own;
}

/**
 * The running test file's two organizations (e2e/organizations/provision.ts made them before the
 * server started), each with the demo's four people and their keys: index 0 is the file's own,
 * index 1 the other one it probes isolation against. No other file acts in them, so a count, an
 * audit row or a person's permissions here move only by this file's own actions.
 */
export function org(index: 0 | 1) {
  const found = organizations()[index];
  if (!found) throw new Error(`test org ${index} missing`);
  return found;
}

export function user(role: Role, orgIndex: 0 | 1 = 0) {
  const found = org(orgIndex).users.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no ${role} in test org ${orgIndex}`);
  return found;
}

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

export async function api<T = any>(
  method: string,
  urlPath: string,
  options: {
    role?: Role;
    orgIndex?: 0 | 1;
    key?: string | null;
    clientId?: string | null;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    /** POST /me/sign_ins: send the console's proof (as the console's server does); false to leave it out. */
    consoleProof?: boolean;
  } = {},
): Promise<ApiResponse<T>> {
  const orgIndex = options.orgIndex ?? 0;
  const key = options.key === undefined ? user(options.role ?? "admin", orgIndex).api_key : options.key;
  const headers: Record<string, string> = { ...options.headers };
  if (key !== null) headers["X-STUDIO-API-KEY"] = key;
  if (options.clientId !== null && (options.clientId !== undefined || method === "POST")) {
    headers["X-Client-ID"] = options.clientId ?? org(orgIndex).client_id;
  }
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  if (method === "POST" && urlPath === "/me/sign_ins" && options.consoleProof !== false && key !== null) {
    headers[CONSOLE_PROOF_HEADER] ??= consoleProof(key, body ?? "null");
  }
  const response = await fetch(`${baseUrl}/v1/studio/api${urlPath}`, { method, headers, body });
  return answerOf<T>(response);
}

export const serverUrl = baseUrl;

/** A response as the tests read it: its status, its body parsed as JSON when it is JSON, its headers. */
async function answerOf<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** A person of an organization, as the team endpoints return them. */
export type Person = { uid: string; name: string; email: string; permissions: string[]; disabled: boolean; created_at: string };

/** A console session of `email` (POST /api/auth/sign-in as the sign-in page does): its cookie header. */
export async function consoleSignIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl! },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => /studio_session=/.test(line));
  if (!cookie) throw new Error(`sign-in of ${email} set no session cookie`);
  return cookie.split(";")[0]!;
}

/**
 * An invited person's first sign-in: the invite's password starts a session that may only choose
 * a new password, which this does. Answers the session (now a full one) and the chosen password.
 */
export async function firstSignIn(email: string, firstPassword: string): Promise<{ cookie: string; password: string }> {
  const cookie = await consoleSignIn(email, firstPassword);
  const password = `chosen ${randomUUID()}`;
  const changed = await consoleApi(cookie, "POST", "/api/auth/password", { current_password: firstPassword, new_password: password });
  if (changed.status !== 200) throw new Error(`first password change of ${email} failed: ${changed.status} ${JSON.stringify(changed.body)}`);
  return { cookie, password };
}

/** A console route called with a session cookie (same origin, as the console's own pages call it). */
export async function consoleApi<T = any>(cookie: string, method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { Cookie: cookie, Origin: baseUrl!, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answerOf<T>(response);
}

const adminSessions = new Map<number, Promise<string>>();
/** The admin's console session in one of the file's organizations, signed in once per test file. */
export function adminConsole(orgIndex: 0 | 1): Promise<string> {
  let session = adminSessions.get(orgIndex);
  if (!session) {
    const admin = user("admin", orgIndex);
    session = consoleSignIn(admin.email, admin.password);
    adminSessions.set(orgIndex, session);
  }
  return session;
}

/**
 * A new person of one of the file's organizations with `permissions`, invited in the console by
 * its admin, who then signs in and makes a key of their own (keys are made for oneself only): for
 * what a test asserts about one actor (audit rows, sign-ins, who may manage) apart from the
 * file's other tests.
 */
export async function newPerson(permissions: string[], orgIndex: 0 | 1): Promise<{ person: Person; key: string; keyId: string; password: string }> {
  const tag = randomUUID().slice(0, 8);
  const invited = await consoleApi(await adminConsole(orgIndex), "POST", "/api/team/users", {
    name: `Person ${tag}`,
    email: `p-${tag}@people.test`,
    permissions,
  });
  if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const { user: person, email, password: firstPassword } = invited.body.data;
  const { cookie, password } = await firstSignIn(email, firstPassword);
  const key = await consoleApi(cookie, "POST", "/api/team/keys");
  if (key.status !== 200) throw new Error(`key create failed: ${key.status} ${JSON.stringify(key.body)}`);
  return { person, key: key.body.data.api_key, keyId: key.body.data.id, password };
}

/** A valid create request with a recipient no other test uses, so filters isolate this test's rows. */
export function invoiceRequest(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    pricing_mode: "crypto",
    amount: "125.5",
    pay_token: "USDC",
    chain: "arb",
    origin: "https://shop.example.test",
    recipient_name: `Recipient ${tag}`,
    recipient_email: `r-${tag}@example.test`,
    organization_name: `Org ${tag}`,
    organization_email: `billing-${tag}@example.test`,
    creator: "Integration Test",
    payment_terms: 7,
    detail_items: [
      { name: "Widget", quantity: 2, unit_price: 50 },
      { name: "Setup", quantity: 1, unit_price: 20, tax: 5.5 },
    ],
    ...overrides,
  };
}

export async function createInvoice(options: { role?: Role; orgIndex?: 0 | 1; overrides?: Record<string, unknown> } = {}) {
  const response = await api("POST", "/invoice/intent", {
    role: options.role ?? "finance",
    orgIndex: options.orgIndex,
    body: invoiceRequest(options.overrides),
  });
  if (response.status !== 200) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** Asserts the error envelope of product-decisions §4 and returns it. */
export function expectError(response: ApiResponse, http: number, code: number) {
  const detail = JSON.stringify(response.body);
  if (response.status !== http || response.body?.code !== code) {
    throw new Error(`expected ${http}/${code}, got ${response.status}: ${detail}`);
  }
  if (typeof response.body.message !== "string" || response.body.message.length === 0) {
    throw new Error(`error without message: ${detail}`);
  }
  if (response.body.request_id !== response.headers.get("x-request-id")) {
    throw new Error(`request_id does not match X-Request-ID: ${detail}`);
  }
  return response.body as { code: number; message: string; errors?: Array<{ field: string; message: string }> };
}

/** GET /invoice/intents with a query object; undefined values are left out. */
export async function listInvoices(query: Record<string, string | number | undefined>, options: { role?: Role; orgIndex?: 0 | 1 } = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return api("GET", `/invoice/intents?${params}`, { role: options.role ?? "viewer", orgIndex: options.orgIndex });
}

/** How many invoices of the organization match a free-text search: the "nothing was written" probe. */
export async function countMatching(search: string, orgIndex: 0 | 1 = 0): Promise<number> {
  const response = await listInvoices({ search, page_size: 1 }, { orgIndex });
  if (response.status !== 200) throw new Error(`list failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.paging.total_count;
}

/** Approves as the demo approver (never the creator, so maker-checker passes). */
export async function approveInvoice(id: string, options: { role?: Role; orgIndex?: 0 | 1 } = {}) {
  const response = await api("POST", `/invoice/intent/${id}/approve`, { role: options.role ?? "approver", orgIndex: options.orgIndex });
  if (response.status !== 200) throw new Error(`approve failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A created-then-approved invoice with a live payment address. */
export async function approvedInvoice(overrides: Record<string, unknown> = {}, orgIndex: 0 | 1 = 0) {
  const created = await createInvoice({ orgIndex, overrides });
  return approveInvoice(created.id, { orgIndex });
}

/** A sandbox transfer to `payment_address`; returns the raw response. */
export function pay(
  paymentAddress: string,
  amount: string,
  options: { payer_address?: string; timestamp?: number; role?: Role; orgIndex?: 0 | 1 } = {},
) {
  const { role, orgIndex, ...rest } = options;
  return api("POST", "/sandbox/pay", { role: role ?? "admin", orgIndex, body: { payment_address: paymentAddress, amount, ...rest } });
}

/** The same, failing the test unless it is recorded; returns `{ transfer, invoice }`. */
export async function payOk(paymentAddress: string, amount: string, options: Parameters<typeof pay>[2] = {}) {
  const response = await pay(paymentAddress, amount, options);
  if (response.status !== 200) throw new Error(`pay failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { transfer: Record<string, any>; invoice: any };
}

export async function invoiceLogs(id: string) {
  const response = await api("GET", `/invoice/intent/${id}/logs`, { role: "viewer" });
  if (response.status !== 200) throw new Error(`logs failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as Array<{ from_status: string; to_status: string; operator_uid: string; reason: string; created_at: string }>;
}

export async function getInvoice(id: string) {
  const response = await api("GET", `/invoice/intent/${id}`, { role: "viewer" });
  if (response.status !== 200) throw new Error(`get failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** Valid refund addresses per chain family (well-known public addresses). */
export const REFUND_ADDRESS = {
  evm: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
  tron: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
  sol: "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk",
} as const;

// ---- Payouts (spec 4.2, product-decisions §2) ----

/** Valid payout targets per chain family, distinct from REFUND_ADDRESS so the two are never confused. */
export const PAYOUT_TARGET = {
  evm: "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe",
  tron: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  sol: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
} as const;

/** A valid payout create request (gross 100, net 98.5) with a recipient no other test uses. */
export function payoutRequest(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    pricing_mode: "crypto",
    amount: "100",
    exact_out_amount: "98.5",
    pay_token: "USDC",
    chain: "arb",
    origin: "https://shop.example.test",
    payout_target_address: PAYOUT_TARGET.evm,
    recipient_name: `Payee ${tag}`,
    recipient_email: `payee-${tag}@example.test`,
    organization_name: `Payee Org ${tag}`,
    organization_email: `ap-${tag}@example.test`,
    creator: "Integration Test",
    ...overrides,
  } as Record<string, unknown>;
}

export async function createPayout(options: { role?: Role; orgIndex?: 0 | 1; overrides?: Record<string, unknown> } = {}) {
  const response = await api("POST", "/payout/intent", {
    role: options.role ?? "finance",
    orgIndex: options.orgIndex,
    body: payoutRequest(options.overrides),
  });
  if (response.status !== 200) throw new Error(`payout create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export async function getPayout(id: string, orgIndex: 0 | 1 = 0) {
  const response = await api("GET", `/payout/intent/${id}`, { role: "viewer", orgIndex });
  if (response.status !== 200) throw new Error(`payout get failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export type PayoutLog = {
  id: number;
  payout_id: string;
  from_status: string;
  to_status: string;
  operator_uid: string;
  reason: string;
  created_at: string;
};

export async function payoutLogs(id: string, orgIndex: 0 | 1 = 0): Promise<PayoutLog[]> {
  const response = await api("GET", `/payout/intent/${id}/logs`, { role: "viewer", orgIndex });
  if (response.status !== 200) throw new Error(`payout logs failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** Approves as the demo approver (never the creator, so maker-checker passes). */
export async function approvePayout(id: string, options: { role?: Role; orgIndex?: 0 | 1 } = {}) {
  const response = await api("POST", `/payout/intent/${id}/approve`, { role: options.role ?? "approver", orgIndex: options.orgIndex });
  if (response.status !== 200) throw new Error(`payout approve failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A created-then-approved payout with a live payment address. */
export async function approvedPayout(overrides: Record<string, unknown> = {}, orgIndex: 0 | 1 = 0) {
  const created = await createPayout({ orgIndex, overrides });
  return approvePayout(created.id, { orgIndex });
}

/** A sandbox deposit into a payout's payment intent (the /sandbox/payment_intent/{id}/pay form); the raw response. */
export function fundPayout(
  payout: { payment_intent: { payment_intent_id: string } },
  amount: string,
  options: { payer_address?: string; timestamp?: number; role?: Role; orgIndex?: 0 | 1; headers?: Record<string, string> } = {},
) {
  const { role, orgIndex, headers, ...rest } = options;
  return api("POST", `/sandbox/payment_intent/${payout.payment_intent.payment_intent_id}/pay`, {
    role: role ?? "admin",
    orgIndex,
    headers,
    body: { amount, ...rest },
  });
}

/** The same, failing the test unless it is recorded; returns `{ transfer, payout }`. */
export async function fundPayoutOk(
  payout: { payment_intent: { payment_intent_id: string } },
  amount: string,
  options: Parameters<typeof fundPayout>[2] = {},
) {
  const response = await fundPayout(payout, amount, options);
  if (response.status !== 200) throw new Error(`payout funding failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { transfer: Record<string, any>; payout: any };
}

/** GET /payout/intents with a query object; undefined values are left out. */
export async function listPayouts(query: Record<string, string | number | undefined>, options: { role?: Role; orgIndex?: 0 | 1 } = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return api("GET", `/payout/intents?${params}`, { role: options.role ?? "viewer", orgIndex: options.orgIndex });
}

/** How many payouts of the organization match a free-text search: the "nothing was written" probe. */
export async function countPayoutsMatching(search: string, orgIndex: 0 | 1 = 0): Promise<number> {
  const response = await listPayouts({ search, page_size: 1 }, { orgIndex });
  if (response.status !== 200) throw new Error(`payout list failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.paging.total_count;
}

/** Polls GET until the payout reaches `status` or `timeoutMs` passes; returns the last record seen. */
export async function waitForPayoutStatus(id: string, status: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const payout = await getPayout(id);
    if (payout.status === status || Date.now() > until) return payout;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A create the API must refuse, naming `expected.field`. The recipient or organization name (never
 * the field under test) carries a fresh tag; afterwards a search for the tag must find nothing:
 * the refusal wrote no row.
 */
export async function expectRefusedCreate(
  kind: "invoice" | "payout",
  body: Record<string, unknown>,
  expected: { http?: number; code?: number; field: string; message?: string | RegExp },
) {
  const tag = `val-${randomUUID().slice(0, 8)}`;
  const payload = { ...body };
  const carrier = ["recipient_name", "organization_name"].find(
    (name) => name !== expected.field && typeof payload[name] === "string",
  );
  if (carrier) payload[carrier] = `${payload[carrier] as string} ${tag}`;
  const response = await api("POST", `/${kind}/intent`, { role: "finance", body: payload });
  const error = expectError(response, expected.http ?? 400, expected.code ?? 40000);
  const fields = (error.errors ?? []).map((issue) => issue.field);
  if (!fields.includes(expected.field)) throw new Error(`expected an error on ${expected.field}: ${JSON.stringify(error)}`);
  // The summary names the field too, so a person reading only `message` knows what to fix.
  if (!error.message.includes(expected.field)) throw new Error(`message does not name ${expected.field}: ${error.message}`);
  if (expected.message) {
    const message = error.errors?.find((candidate) => candidate.field === expected.field)?.message ?? "";
    const matches = typeof expected.message === "string" ? message.includes(expected.message) : expected.message.test(message);
    if (!matches) throw new Error(`${expected.field}: "${message}" does not match ${String(expected.message)}`);
  }
  if (!carrier) throw new Error("the request has no recipient_name or organization_name to carry the tag");
  const written = kind === "invoice" ? await countMatching(tag) : await countPayoutsMatching(tag);
  if (written !== 0) throw new Error(`the refused create wrote ${written} row(s)`);
  return error;
}

// ---- Standalone payment intents, balances and withdrawals (spec 4.3, product-decisions §3, §7, §8) ----

/** A valid standalone create request (crypto pricing, 10 USDC on arb) with a group key no other test uses. */
export function paymentIntentRequest(overrides: Record<string, unknown> = {}) {
  return {
    crypto_amount: "10",
    pay_token: "USDC",
    chain: "arb",
    group_key: `grp-${randomUUID().slice(0, 8)}`,
    ...overrides,
  } as Record<string, unknown>;
}

export async function createPaymentIntent(overrides: Record<string, unknown> = {}, options: { role?: Role; orgIndex?: 0 | 1 } = {}) {
  const response = await api("POST", "/payment/intent", {
    role: options.role ?? "finance",
    orgIndex: options.orgIndex,
    body: paymentIntentRequest(overrides),
  });
  if (response.status !== 200) throw new Error(`payment intent create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export async function getPaymentIntent(id: string, orgIndex: 0 | 1 = 0) {
  const response = await api("GET", `/payment/intent/${id}`, { role: "viewer", orgIndex });
  if (response.status !== 200) throw new Error(`payment intent get failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A sandbox transfer into a standalone intent; the raw response (`{ transfer, payment_intent }`). */
export function payIntent(
  id: string,
  amount: string,
  options: { payer_address?: string; timestamp?: number; role?: Role; orgIndex?: 0 | 1 } = {},
) {
  const { role, orgIndex, ...rest } = options;
  return api("POST", `/sandbox/payment_intent/${id}/pay`, { role: role ?? "admin", orgIndex, body: { amount, ...rest } });
}

export async function payIntentOk(id: string, amount: string, options: Parameters<typeof payIntent>[2] = {}) {
  const response = await payIntent(id, amount, options);
  if (response.status !== 200) throw new Error(`payment intent pay failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { transfer: Record<string, any>; payment_intent: any };
}

export async function listPaymentIntents(query: Record<string, string | number | undefined>, options: { role?: Role; orgIndex?: 0 | 1 } = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return api("GET", `/payment/intents?${params}`, { role: options.role ?? "viewer", orgIndex: options.orgIndex });
}

export async function paymentIntentLogs(id: string, orgIndex: 0 | 1 = 0) {
  const response = await api("GET", `/payment/intent/${id}/logs`, { role: "viewer", orgIndex });
  if (response.status !== 200) throw new Error(`payment intent logs failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as Array<{ payment_intent_id: string; from_status: string; to_status: string; operator_uid: string; reason: string }>;
}

/** The organization's balance of `symbol` on `chain` in base units (0 when it has never moved). */
export async function balanceUnits(chain: string, symbol: string, orgIndex: 0 | 1 = 0): Promise<bigint> {
  const response = await api("GET", "/balances", { role: "viewer", orgIndex });
  if (response.status !== 200) throw new Error(`balances failed: ${response.status} ${JSON.stringify(response.body)}`);
  const row = (response.body.data as Array<{ chain_id: string; symbol: string; amount: string; decimals: number }>).find(
    (candidate) => candidate.chain_id === chain && candidate.symbol === symbol,
  );
  if (!row) return 0n;
  const [whole, fraction = ""] = row.amount.split(".");
  return BigInt(`${whole}${fraction.padEnd(row.decimals, "0")}`);
}

/** Credits the balance through the real flow: a standalone intent of `amount` paid exactly (→ success). */
export async function fundBalance(chain: string, symbol: string, amount: string, orgIndex: 0 | 1 = 0) {
  const intent = await createPaymentIntent({ chain, pay_token: symbol, crypto_amount: amount }, { orgIndex });
  const paid = await payIntentOk(intent.payment_intent_id, amount, { orgIndex });
  if (paid.payment_intent.status !== "success") throw new Error(`funding intent ended ${paid.payment_intent.status}`);
  return paid.payment_intent;
}

export type LedgerEntry = {
  id: string;
  chain_id: string;
  contract_address: string;
  symbol: string;
  amount: string;
  kind: string;
  payment_intent_id: string | null;
  transfer_id: string | null;
  reference: string;
  created_at: string;
};

/**
 * Every balance ledger row of the organization matching `filters`, all pages: an assertion about
 * "no row" or "the row" must not depend on how many rows other files wrote since.
 */
export async function ledgerEntries(filters: { chain?: string; token?: string; kind?: string }, orgIndex: 0 | 1 = 0): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ ...filters, page: String(page), page_size: "100" });
    const response = await api("GET", `/balances/ledger?${query}`, { role: "viewer", orgIndex });
    if (response.status !== 200) throw new Error(`ledger failed: ${response.status} ${JSON.stringify(response.body)}`);
    entries.push(...(response.body.data as LedgerEntry[]));
    // Rows written meanwhile push older ones to later pages (seen twice, never skipped).
    if (page * 100 >= response.body.paging.total_count) return [...new Map(entries.map((entry) => [entry.id, entry])).values()];
  }
}

/** The ledger rows written for one payment intent (on its chain and token). */
export async function ledgerEntriesOf(paymentIntentId: string, filters: { chain: string; token: string }, orgIndex: 0 | 1 = 0) {
  return (await ledgerEntries(filters, orgIndex)).filter((entry) => entry.payment_intent_id === paymentIntentId);
}

/** POST /asset_pro/transfer as `role` (the demo admin unless told), or with `key`. */
export function withdraw(body: Record<string, unknown>, options: { role?: Role; key?: string; orgIndex?: 0 | 1; headers?: Record<string, string> } = {}) {
  return api("POST", "/asset_pro/transfer", { role: options.role ?? "admin", key: options.key, orgIndex: options.orgIndex, headers: options.headers, clientId: null, body });
}

/**
 * The loser of a race for one record (product-decisions §4): 409/40900 when the record was already
 * in a status that refuses the action when the request arrived, 409/40901 when a concurrent change
 * took the action away while the request waited for the record.
 */
export function expectRaceLoser(response: ApiResponse) {
  const code = response.body?.code;
  if (code !== 40900 && code !== 40901) throw new Error(`expected 409/40900 or 409/40901, got ${response.status}: ${JSON.stringify(response.body)}`);
  return expectError(response, 409, code);
}

/**
 * What a race test proves depends on the driver of the server under test: PostgreSQL runs the
 * requests' transactions side by side; PGlite runs them one at a time.
 */
export const RACE_MODE = process.env.DATABASE_URL ? "(a real race on PostgreSQL)" : "(serialized on PGlite: proves ordering only)";

// ---- Approval policies (issue 25) ----

/**
 * The policy every test that sets one sets (test files run side by side on the same
 * organizations): one approver below 50,000,000 USD, as by default, so no other file's records
 * change; the higher tiers are for approval tests, with amounts no other test uses.
 */
export const TEST_APPROVAL_POLICY = {
  tiers: [
    { from_usd: "0", approvers: 1, org_manage: false },
    { from_usd: "50000000", approvers: 2, org_manage: false },
    { from_usd: "60000000", approvers: 3, org_manage: false },
    { from_usd: "70000000", approvers: 2, org_manage: true },
  ],
};

/**
 * The withdrawal policy tests set: the test policy's tiers, but under 50,000,000 nobody approves,
 * so the withdrawals other files make are sent at once as before.
 */
export const TEST_WITHDRAWAL_POLICY = {
  tiers: [{ ...TEST_APPROVAL_POLICY.tiers[0]!, approvers: 0 }, ...TEST_APPROVAL_POLICY.tiers.slice(1)],
};

export async function setTestApprovalPolicy(kind: "invoice" | "payout" | "withdrawal", orgIndex: 0 | 1 = 0) {
  const body = kind === "withdrawal" ? TEST_WITHDRAWAL_POLICY : TEST_APPROVAL_POLICY;
  const response = await api("PUT", `/approval_policies/${kind}`, { role: "admin", orgIndex, body });
  if (response.status !== 200) throw new Error(`policy failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

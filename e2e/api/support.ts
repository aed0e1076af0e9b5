// Shared by the HTTP integration tests: the running server, its demo credentials, and a client.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { DemoCredentials } from "@/lib/studio/seed/demo";

const baseUrl = process.env.STUDIO_TEST_URL;
const dataDir = process.env.STUDIO_TEST_DATA_DIR;
if (!baseUrl || !dataDir) throw new Error("Run the API tests through `npm test` (it starts the server).");

export const credentials: DemoCredentials = JSON.parse(
  fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"),
);

export type Role = "finance" | "approver" | "admin" | "viewer";
export const ROLES: Role[] = ["finance", "approver", "admin", "viewer"];

/** The demo organizations: index 0 is Demo Merchant, 1 is Second Merchant. */
export function org(index: 0 | 1) {
  const found = credentials.orgs[index];
  if (!found) throw new Error(`demo org ${index} missing`);
  return found;
}

export function user(role: Role, orgIndex: 0 | 1 = 0) {
  const found = org(orgIndex).users.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`demo user ${role} missing`);
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
  const response = await fetch(`${baseUrl}/v1/studio/api${urlPath}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export const serverUrl = baseUrl;

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

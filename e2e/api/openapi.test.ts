// The contract (issue 9 §2): GET /openapi.json is a valid OpenAPI 3.1 document (checked by a
// third-party validator), every route file has its entries and no entry lacks a route, every
// route answers a method it does not serve with 405 in the error envelope, the console's
// generated types are fresh, and the happy paths answer exactly what the document says.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
// The validator's own JSON Schema engine (a dependency of @seriousme/openapi-schema-validator), for
// checking request instances against the document as a generated client would.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, describe, expect, it } from "vitest";
import { API_PREFIX, ENDPOINTS, responseSchema } from "@/lib/studio/openapi/document";
import { consoleApiTypes } from "@/lib/studio/openapi/console-types";
import { newId } from "@/lib/studio/core/ids";
import { EVENT_TYPES } from "@/lib/studio/webhooks/event-types";
import {
  api,
  approvedInvoice,
  createInvoice,
  createPaymentIntent,
  createPayout,
  fundBalance,
  invoiceRequest,
  payoutRequest,
  paymentIntentRequest,
  PAYOUT_TARGET,
  REFUND_ADDRESS,
  serverUrl,
  user,
  type ApiResponse,
  setTestApprovalPolicy,
  TEST_APPROVAL_POLICY,
} from "./support";

const ROOT = path.resolve(import.meta.dirname, "../..");
const API_DIR = path.join(ROOT, "app/v1/studio/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every route file under app/v1/studio/api: its OpenAPI path, the methods it serves and those it refuses. */
function routeFiles() {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") files.push(full);
    }
  };
  walk(API_DIR);
  return files.map((file) => {
    const source = readFileSync(file, "utf8");
    const refusedMatch = /export const \{([^}]*)\} = otherMethodsRefused\(([^)]*)\)/.exec(source);
    const refused = refusedMatch ? refusedMatch[1]!.split(",").map((name) => name.trim()) : [];
    const served = METHODS.filter((method) => new RegExp(`export (const|async function|function) ${method}\\b`).test(source));
    const allowed = refusedMatch ? [...refusedMatch[2]!.matchAll(/"(\w+)"/g)].map((match) => match[1]) : [];
    const relative = path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
    return { file: path.relative(ROOT, file), path: `/${relative}`.replace(/\[(\w+)\]/g, "{$1}"), served, refused, allowed };
  });
}

describe("the OpenAPI document", () => {
  it("is served without a key, with X-Request-ID, and a third-party validator finds it valid OpenAPI 3.1", async () => {
    const response = await fetch(`${serverUrl}${API_PREFIX}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has an entry for every method every route file serves, and no entry without a route", async () => {
    const document = await (await fetch(`${serverUrl}${API_PREFIX}/openapi.json`)).json();
    const fromRoutes = routeFiles().flatMap((route) => route.served.map((method) => `${method} ${API_PREFIX}${route.path}`));
    const fromDocument = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([pathName, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${pathName}`),
    );
    expect(fromDocument.sort()).toEqual(fromRoutes.sort());
    expect(fromRoutes.length).toBeGreaterThan(30);
  });

  it("documents every error status with the error envelope and X-Request-ID, rate-limit headers, and examples on request bodies", async () => {
    const document = await (await fetch(`${serverUrl}${API_PREFIX}/openapi.json`)).json();
    expect(document.components.securitySchemes.ApiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-STUDIO-API-KEY" });
    for (const [pathName, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method} ${pathName}`;
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          expect(response.headers?.["X-Request-ID"], `${where} ${status}`).toBeDefined();
          if (status !== "200") expect(response.content["application/json"].schema, `${where} ${status}`).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
        }
        if (pathName.endsWith("/openapi.json")) continue;
        expect(Object.keys(operation.responses), where).toEqual(expect.arrayContaining(["200", "401", "429", "500"]));
        expect(operation.responses["429"].headers["Retry-After"], where).toBeDefined();
        expect(operation.responses["200"].headers["RateLimit-Remaining"], where).toBeDefined();
        if (operation.requestBody) expect(operation.requestBody.content["application/json"].example, `${where} body example`).toBeDefined();
        if (method === "post") expect(operation.parameters.map((parameter: { name: string }) => parameter.name), where).toContain("Idempotency-Key");
      }
    }
    const createInvoiceOperation = document.paths[`${API_PREFIX}/invoice/intent`].post;
    expect(createInvoiceOperation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "X-Client-ID", in: "header", required: true })]));
  });

  it("is what lib/console/api-types.ts was generated from (run `npm run openapi:types` after changing a schema)", async () => {
    const document = await (await fetch(`${serverUrl}${API_PREFIX}/openapi.json`)).json();
    expect(await consoleApiTypes(document)).toBe(readFileSync(path.join(ROOT, "lib/console/api-types.ts"), "utf8"));
  });
});

/** JSON Schema validators of the document's request parts, as a generated client checks what it sends. */
async function requestValidators() {
  const document = await (await fetch(`${serverUrl}${API_PREFIX}/openapi.json`)).json();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: "studio" });
  const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
  return {
    document,
    body(method: string, pathName: string) {
      return ajv.compile({ $ref: `studio#/${pointer("paths", `${API_PREFIX}${pathName}`, method, "requestBody", "content", "application/json", "schema")}` });
    },
    query(method: string, pathName: string) {
      const parameters = (document.paths[`${API_PREFIX}${pathName}`][method].parameters as Array<{ name: string; in: string; required?: boolean; schema: object }>).filter(
        (parameter) => parameter.in === "query",
      );
      return ajv.compile({
        type: "object",
        properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
        required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      });
    },
  };
}

describe("what the server refuses, the document refuses (issue 22 §3)", () => {
  it("request bodies: formats (email, uri, date-time), decimal patterns and lengths, each also a 400 from the server", async () => {
    const validators = await requestValidators();
    const createInvoice = validators.body("post", "/invoice/intent");
    expect(createInvoice(invoiceRequest()), JSON.stringify(createInvoice.errors)).toBe(true);
    const refusedCreates: Array<[string, Record<string, unknown>]> = [
      ["recipient_email", { recipient_email: "not an email" }],
      ["organization_email", { organization_email: "billing@" }],
      ["amount", { amount: "-5" }],
      ["amount", { amount: "1e3" }],
      ["amount", { amount: ".5" }],
      ["origin", { origin: "ftp://shop.example.test" }],
      ["callback_url", { callback_url: "javascript:alert(1)" }],
      ["recipient_name", { recipient_name: "n".repeat(201) }],
    ];
    for (const [field, change] of refusedCreates) {
      const body = invoiceRequest(change);
      expect(createInvoice(body), `document: ${JSON.stringify(change)}`).toBe(false);
      const answer = await api("POST", "/invoice/intent", { role: "finance", body });
      expect(answer.status, `server: ${JSON.stringify(change)}`).toBe(400);
      expect(answer.body.errors.map((error: { field: string }) => error.field), JSON.stringify(change)).toContain(field);
    }

    const invoice = await api("POST", "/invoice/intent", { role: "finance", body: invoiceRequest() });
    const updateInvoice = validators.body("put", "/invoice/intent/{id}");
    for (const approve_time of ["2026-01-31T17:00:00", "tomorrow"]) {
      expect(updateInvoice({ approve_time }), approve_time).toBe(false);
      expect((await api("PUT", `/invoice/intent/${invoice.body.data.id}`, { role: "finance", body: { approve_time } })).status, approve_time).toBe(400);
    }
    expect(updateInvoice({ approve_time: "2026-01-31T17:00:00+08:00" })).toBe(true);

    const createUser = validators.body("post", "/users");
    expect(createUser({ name: "Someone", email: "someone", permissions: [] })).toBe(false);
    expect((await api("POST", "/users", { role: "admin", body: { name: "Someone", email: "someone", permissions: [] } })).status).toBe(400);
    const createEndpoint = validators.body("post", "/webhook/endpoints");
    expect(createEndpoint({ url: "ftp://merchant.example/hook", event_types: ["*"] })).toBe(false);
    expect((await api("POST", "/webhook/endpoints", { role: "admin", body: { url: "ftp://merchant.example/hook", event_types: ["*"] } })).status).toBe(400);
  });

  it("page and page_size are integers from 1 to what the server allows; out of range is a 400 from the server too", async () => {
    const validators = await requestValidators();
    const listInvoices = validators.query("get", "/invoice/intents");
    expect(listInvoices({ page: 1, page_size: 100 }), JSON.stringify(listInvoices.errors)).toBe(true);
    expect(listInvoices({ page: 10_000 })).toBe(true);
    for (const query of [{ page: 0 }, { page: -1 }, { page: 10_001 }, { page_size: 0 }, { page_size: 101 }, { page: 1.5 }, { created_after: "yesterday" }]) {
      expect(listInvoices(query), `document: ${JSON.stringify(query)}`).toBe(false);
      const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
      expect((await api("GET", `/invoice/intents?${search}`, { role: "viewer" })).status, `server: ${search}`).toBe(400);
    }
    // Every list pages the same way.
    for (const [pathName, item] of Object.entries(validators.document.paths as Record<string, Record<string, { parameters?: Array<{ name: string; schema: any }> }>>)) {
      const page = item.get?.parameters?.find((parameter) => parameter.name === "page");
      const pageSize = item.get?.parameters?.find((parameter) => parameter.name === "page_size");
      if (!page) continue;
      expect(page.schema, pathName).toEqual({ type: "integer", minimum: 1, maximum: 10_000, default: 1 });
      expect(pageSize?.schema, pathName).toEqual({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    }
  });

  it("a field with a default is optional in requests (document and console types); records carry no defaults", async () => {
    const { document } = await requestValidators();
    const defaults: string[] = [];
    const walk = (schema: any, where: string, inRequest: boolean) => {
      if (!schema || typeof schema !== "object") return;
      if (schema.properties) {
        for (const [name, property] of Object.entries<any>(schema.properties)) {
          if (property && "default" in property) {
            defaults.push(`${where}.${name}`);
            if (inRequest) expect(schema.required ?? [], `${where}.${name} has a default`).not.toContain(name);
          }
        }
      }
      if (!inRequest) expect("default" in schema, `${where}: a record always carries its value`).toBe(false);
      for (const [key, value] of Object.entries<any>(schema)) {
        if (key === "properties") for (const [name, property] of Object.entries<any>(value)) walk(property, `${where}.${name}`, inRequest);
        else if (["items", "allOf", "anyOf", "oneOf"].includes(key)) [value].flat().forEach((part: any) => walk(part, where, inRequest));
      }
    };
    for (const [name, schema] of Object.entries<any>(document.components.schemas)) {
      walk(schema, name, /Request$/.test(name));
    }
    expect(defaults).toEqual(expect.arrayContaining(["PaymentIntentCreateRequest.chain", "PaymentIntentCreateRequest.pay_token"]));
    const createPaymentIntent = (await requestValidators()).body("post", "/payment/intent");
    expect(createPaymentIntent(paymentIntentRequest())).toBe(true);
    const types = await consoleApiTypes(document);
    const paymentIntentCreate = /PaymentIntentCreateRequest: \{[\s\S]*?\n {8}\};/.exec(types)?.[0] ?? "";
    expect(paymentIntentCreate).toMatch(/\bchain\?: string;/);
    expect(paymentIntentCreate).toMatch(/\bpay_token\?: "USDC" \| "USDT";/);
  });

  it("the webhook delivery's example is what is sent: an event id of the outbox and a real event type", async () => {
    const { document } = await requestValidators();
    const delivery = document.components.schemas.WebhookDelivery.properties;
    const shape = (id: string) => id.replace(/[0-9a-f]/g, "h");
    expect(shape(delivery.id.example)).toBe(shape(newId("evt")));
    expect(EVENT_TYPES).toContain(delivery.type.example);
  });
});

describe("a method a route does not serve", () => {
  it("every route file refuses every other method with otherMethodsRefused", () => {
    for (const route of routeFiles()) {
      expect([...route.served, ...route.refused].sort(), route.file).toEqual([...METHODS].sort());
      expect(route.allowed.sort(), route.file).toEqual([...route.served].sort());
    }
  });

  it("is 405/40500 in the error envelope with X-Request-ID and Allow, on every route", async () => {
    for (const route of routeFiles()) {
      const url = `${serverUrl}${API_PREFIX}${route.path.replaceAll("{id}", "inv_0000000000000000")}`;
      for (const method of route.refused) {
        const send = () => fetch(url, { method, headers: { "X-STUDIO-API-KEY": user("admin").api_key } });
        // A kept-alive socket the server closed while idle fails once; the request itself never arrived.
        const response = await send().catch(send);
        const where = `${method} ${route.path}`;
        expect(response.status, where).toBe(405);
        expect(response.headers.get("x-request-id"), where).toMatch(/^req_/);
        expect(response.headers.get("allow"), where).toBe(route.allowed.join(", "));
        const body = await response.json();
        expect(body, where).toMatchObject({ code: 40500, request_id: response.headers.get("x-request-id") });
        expect(body.message, where).toContain(method);
      }
    }
  });

  it("an unknown /v1 path is 404/40400 in the error envelope for every method", async () => {
    for (const method of METHODS) {
      const response = await fetch(`${serverUrl}${API_PREFIX}/no/such/endpoint`, { method });
      expect(response.status, method).toBe(404);
      expect(response.headers.get("x-request-id"), method).toMatch(/^req_/);
      expect(await response.json(), method).toMatchObject({ code: 40400 });
    }
  });
});

describe("happy paths answer what the document says", () => {
  const exercised = new Set<string>();

  /** The response parses against the documented schema, and nothing in it is undocumented. */
  function documented(method: string, pathPattern: string, response: ApiResponse) {
    const where = `${method} ${pathPattern}`;
    expect(response.status, `${where}: ${JSON.stringify(response.body)}`).toBe(200);
    const entry = ENDPOINTS.find((candidate) => candidate.method === method.toLowerCase() && candidate.path === pathPattern);
    if (!entry) throw new Error(`no document entry for ${where}`);
    const parsed = responseSchema(entry).safeParse(response.body);
    expect(parsed.error?.issues, where).toBeUndefined();
    // Parsing drops keys the schema does not name: any difference is an undocumented field.
    expect(parsed.data, `${where}: undocumented fields`).toEqual(response.body);
    exercised.add(`${entry.method} ${entry.path}`);
    return response.body.data;
  }

  /**
   * Operations that succeed only on a real chain (a node, and a send it held for review), which this
   * sandbox server has none of: their happy path runs on the local node, in the file named.
   */
  const ON_A_REAL_CHAIN: Record<string, string> = {
    "post /chain_sends/{id}/resolve": "e2e/chain/sends.test.ts",
  };

  afterAll(() => {
    const missed = ENDPOINTS.map((entry) => `${entry.method} ${entry.path}`).filter((key) => !exercised.has(key) && !(key in ON_A_REAL_CHAIN));
    expect(missed, "documented operations no happy path exercised").toEqual([]);
  });

  it("an operation that needs a real chain is still served here: a send this organization does not have is 404", async () => {
    for (const operation of Object.keys(ON_A_REAL_CHAIN)) expect(ENDPOINTS.some((entry) => `${entry.method} ${entry.path}` === operation), operation).toBe(true);
    const response = await api("POST", "/chain_sends/send_0000000000000000000000/resolve", { role: "admin", body: { outcome: "failed" } });
    expect(response.status, JSON.stringify(response.body)).toBe(404);
  });

  const refundBody = { refund_address: REFUND_ADDRESS.evm, refund_reason: "customer asked", refund_attachments: ["file_a"] };

  it("invoices: create, get, update, list, logs, approve, pay, sign, reject, cancel, refund", async () => {
    const created = documented("POST", "/invoice/intent", await api("POST", "/invoice/intent", { role: "finance", body: invoiceRequest() }));
    documented("GET", "/invoice/intent/{id}", await api("GET", `/invoice/intent/${created.id}`, { role: "viewer" }));
    documented("PUT", "/invoice/intent/{id}", await api("PUT", `/invoice/intent/${created.id}`, { role: "finance", body: { description: "edited" } }));
    documented("GET", "/invoice/intents", await api("GET", `/invoice/intents?recipient_email=${encodeURIComponent(created.recipient_email)}`, { role: "viewer" }));
    const approved = documented("POST", "/invoice/intent/{id}/approve", await api("POST", `/invoice/intent/${created.id}/approve`, { role: "approver" }));
    const paid = documented(
      "POST",
      "/sandbox/pay",
      await api("POST", "/sandbox/pay", { role: "admin", body: { payment_address: approved.payment_intent.payment_address, amount: approved.payment_intent.crypto_amount } }),
    );
    expect(paid.invoice.status).toBe("paid");
    documented("POST", "/invoice/intent/{id}/sign", await api("POST", `/invoice/intent/${created.id}/sign`, { role: "admin" }));
    documented("GET", "/invoice/intent/{id}/logs", await api("GET", `/invoice/intent/${created.id}/logs`, { role: "viewer" }));
    // A file, not an envelope: its media type is what the document promises.
    const pdf = await fetch(`${serverUrl}${API_PREFIX}/invoice/intent/${created.id}/pdf`, { headers: { "X-STUDIO-API-KEY": user("viewer").api_key } });
    expect(pdf.status).toBe(200);
    const pdfOperation = (await (await fetch(`${serverUrl}${API_PREFIX}/openapi.json`)).json()).paths[`${API_PREFIX}/invoice/intent/{id}/pdf`].get;
    expect(Object.keys(pdfOperation.responses["200"].content)).toEqual([pdf.headers.get("content-type")]);
    exercised.add("get /invoice/intent/{id}/pdf");
    // The shared server has no SMTP_URL: the list says e-mail is off, and a resend is refused for
    // it (422). The resend's answer is parsed against its schema where e-mail is on, in
    // e2e/node/invoice-email.test.ts.
    const emails = documented("GET", "/invoice/intent/{id}/emails", await api("GET", `/invoice/intent/${created.id}/emails`, { role: "viewer" }));
    expect(emails).toEqual({ configured: false, sender: null, emails: [] });
    const resend = await api("POST", `/invoice/intent/${created.id}/emails/eml_000000000000000000000000/resend`, { role: "approver" });
    expect(resend.status).toBe(422);
    expect(resend.body).toMatchObject({ code: 42200 });
    exercised.add("post /invoice/intent/{id}/emails/{email_id}/resend");

    const toReject = await createInvoice();
    documented("POST", "/invoice/intent/{id}/reject", await api("POST", `/invoice/intent/${toReject.id}/reject`, { role: "approver", body: { reason: "wrong" } }));
    const toCancel = await createInvoice();
    documented("POST", "/invoice/intent/{id}/cancel", await api("POST", `/invoice/intent/${toCancel.id}/cancel`, { role: "finance" }));
    const underpaid = await approvedInvoice();
    await api("POST", "/sandbox/pay", { role: "admin", body: { payment_address: underpaid.payment_intent.payment_address, amount: "0.5" } });
    documented("POST", "/invoice/intent/{id}/refund", await api("POST", `/invoice/intent/${underpaid.id}/refund`, { role: "admin", body: refundBody }));
  });

  it("payouts: create, get, update, list, logs, approve, fund, reject, refund", async () => {
    const created = documented("POST", "/payout/intent", await api("POST", "/payout/intent", { role: "finance", body: payoutRequest() }));
    documented("GET", "/payout/intent/{id}", await api("GET", `/payout/intent/${created.id}`, { role: "viewer" }));
    documented("PUT", "/payout/intent/{id}", await api("PUT", `/payout/intent/${created.id}`, { role: "finance", body: { description: "edited" } }));
    documented("GET", "/payout/intents", await api("GET", `/payout/intents?payout_id=${created.payout_id}`, { role: "viewer" }));
    const approved = documented("POST", "/payout/intent/{id}/approve", await api("POST", `/payout/intent/${created.id}/approve`, { role: "approver" }));
    const funded = documented(
      "POST",
      "/sandbox/payment_intent/{id}/pay",
      await api("POST", `/sandbox/payment_intent/${approved.payment_intent.payment_intent_id}/pay`, { role: "admin", body: { amount: "0.5" } }),
    );
    expect(funded.payout.id).toBe(created.id);
    documented("POST", "/payout/intent/{id}/refund", await api("POST", `/payout/intent/${created.id}/refund`, { role: "admin", body: refundBody }));
    documented("GET", "/payout/intent/{id}/logs", await api("GET", `/payout/intent/${created.id}/logs`, { role: "viewer" }));
    const toReject = await createPayout();
    documented("POST", "/payout/intent/{id}/reject", await api("POST", `/payout/intent/${toReject.id}/reject`, { role: "approver", body: { reason: "wrong" } }));
  });

  it("approval policies and a record's approvals", async () => {
    documented("GET", "/approval_policies", await api("GET", "/approval_policies", { role: "viewer" }));
    // The policy the approval tests set (test files share the organizations).
    documented("PUT", "/approval_policies/{id}", await api("PUT", "/approval_policies/invoice", { role: "admin", body: TEST_APPROVAL_POLICY }));
    const invoice = await createInvoice();
    documented("GET", "/invoice/intent/{id}/approvals", await api("GET", `/invoice/intent/${invoice.id}/approvals`, { role: "viewer" }));
    const payout = await createPayout();
    documented("GET", "/payout/intent/{id}/approvals", await api("GET", `/payout/intent/${payout.id}/approvals`, { role: "viewer" }));
    documented("GET", "/inbox", await api("GET", "/inbox", { role: "approver" }));

    // A withdrawal request (the test withdrawal policy: two approvers from 50,000,000).
    await setTestApprovalPolicy("withdrawal");
    await fundBalance("arb", "USDC", "110000000");
    const requestOf = async () =>
      (await api("POST", "/asset_pro/transfer", { role: "admin", clientId: null, body: { chain_id: "arb", contract_address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", amount: "55000000", wallet_address: PAYOUT_TARGET.evm } })).body.data;
    const toApprove = await requestOf();
    documented("POST", "/asset_pro/transfer/{id}/approve", await api("POST", `/asset_pro/transfer/${toApprove.id}/approve`, { role: "approver" }));
    documented("GET", "/asset_pro/transfer/{id}/approvals", await api("GET", `/asset_pro/transfer/${toApprove.id}/approvals`, { role: "viewer" }));
    const toReject = await requestOf();
    documented("POST", "/asset_pro/transfer/{id}/reject", await api("POST", `/asset_pro/transfer/${toReject.id}/reject`, { role: "approver", body: { reason: "unknown wallet" } }));
  });

  it("payment intents, balances, withdrawals, webhook deliveries, me and the document", async () => {
    const created = documented(
      "POST",
      "/payment/intent",
      await api("POST", "/payment/intent", { role: "finance", body: paymentIntentRequest({ callback_url: "http://127.0.0.1:9/studio-hook" }) }),
    );
    const id = created.payment_intent_id;
    documented("GET", "/payment/intent/{id}", await api("GET", `/payment/intent/${id}`, { role: "viewer" }));
    documented("GET", "/payment/intents", await api("GET", `/payment/intents?group_key=${created.group_key}`, { role: "viewer" }));
    await api("POST", `/sandbox/payment_intent/${id}/pay`, { role: "admin", body: { amount: "1" } });
    documented("POST", "/payment/intent/{id}/refund", await api("POST", `/payment/intent/${id}/refund`, { role: "admin", body: refundBody }));
    documented("GET", "/payment/intent/{id}/logs", await api("GET", `/payment/intent/${id}/logs`, { role: "viewer" }));
    const [found] = documented("GET", "/lookup", await api("GET", `/lookup?q=${id}`, { role: "viewer" }));
    expect(found).toMatchObject({ kind: "payment_intent", id });
    const view = documented("POST", "/saved_views", await api("POST", "/saved_views", { role: "viewer", body: { list: "payment_intents", name: "OpenAPI", query: "status=success" } }));
    expect(documented("GET", "/saved_views", await api("GET", "/saved_views?list=payment_intents", { role: "viewer" }))).toEqual([view]);
    documented("DELETE", "/saved_views/{id}", await api("DELETE", `/saved_views/${view.id}`, { role: "viewer" }));

    await fundBalance("arb", "USDC", "5");
    documented("GET", "/balances", await api("GET", "/balances", { role: "viewer" }));
    documented("GET", "/chains", await api("GET", "/chains", { role: "viewer" }));
    documented("GET", "/chains/unmatched-deposits", await api("GET", "/chains/unmatched-deposits", { role: "viewer" }));
    documented("GET", "/balances/ledger", await api("GET", "/balances/ledger?chain=arb", { role: "viewer" }));
    documented("GET", "/dashboard", await api("GET", "/dashboard?interval=week", { role: "admin" }));
    const withdrawal = documented(
      "POST",
      "/asset_pro/transfer",
      await api("POST", "/asset_pro/transfer", {
        role: "admin",
        clientId: null,
        body: { chain_id: "arb", contract_address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", amount: "1", wallet_address: PAYOUT_TARGET.evm },
      }),
    );
    documented("GET", "/asset_pro/transfer/{id}", await api("GET", `/asset_pro/transfer/${withdrawal.id}`, { role: "viewer" }));
    documented("GET", "/asset_pro/transfers", await api("GET", "/asset_pro/transfers", { role: "viewer" }));

    const deliveries = documented("GET", "/webhook/deliveries", await api("GET", `/webhook/deliveries?object_id=${id}`, { role: "viewer" }));
    expect(deliveries.length).toBeGreaterThan(0);
    documented("POST", "/webhook/deliveries/{id}/resend", await api("POST", `/webhook/deliveries/${deliveries[0].id}/resend`, { role: "admin" }));

    documented("GET", "/me", await api("GET", "/me", { role: "viewer" }));
    const documentResponse = await fetch(`${serverUrl}${API_PREFIX}/openapi.json`);
    documented("GET", "/openapi.json", { status: documentResponse.status, body: await documentResponse.json(), headers: documentResponse.headers });
  });

  it("the CSV exports", async () => {
    for (const path of ["/invoice/intents", "/payout/intents", "/payment/intents", "/balances/ledger", "/webhook/deliveries", "/audit_log"]) {
      const response = await api("GET", `${path}/export?sort=created_at`, { role: "admin" });
      expect(response.headers.get("content-type"), path).toBe("text/csv; charset=utf-8");
      documented("GET", `${path}/export`, response);
    }
  });

  it("team, API keys, the audit log, sign-ins and the webhook secret", async () => {
    // A person of its own: the file's admin keeps its permissions and keys for the other tests here.
    const email = `openapi-${randomUUID().slice(0, 8)}@team.test`;
    const person = documented(
      "POST",
      "/users",
      await api("POST", "/users", { role: "admin", body: { name: "Contract Person", email, permissions: ["transfer:read"] } }),
    );
    documented("GET", "/users", await api("GET", "/users?page_size=5", { role: "admin" }));
    const changed = documented(
      "PATCH",
      "/users/{id}",
      await api("PATCH", `/users/${person.uid}`, { role: "admin", body: { permissions: ["transfer:read", "transfer:create"] } }),
    );
    expect(changed.permissions).toEqual(["transfer:read", "transfer:create"]);
    // Keys are made for oneself: a second key of the admin's own, revoked below.
    const key = documented("POST", "/api_keys", await api("POST", "/api_keys", { role: "admin", body: {} }));
    expect(key.api_key).toEqual(expect.any(String));
    const keys = documented("GET", "/api_keys", await api("GET", `/api_keys?uid=${key.uid}&page_size=1`, { role: "admin" }));
    expect(keys.map((listed: { id: string }) => listed.id)).toEqual([key.id]);
    documented(
      "POST",
      "/me/sign_ins",
      await api("POST", "/me/sign_ins", { key: key.api_key, body: { outcome: "succeeded", ip: "203.0.113.9", user_agent: "openapi-test" } }),
    );
    documented("POST", "/api_keys/{id}/revoke", await api("POST", `/api_keys/${key.id}/revoke`, { role: "admin" }));
    const rows = documented("GET", "/audit_log", await api("GET", `/audit_log?object_id=${person.uid}`, { role: "admin" }));
    expect(rows.map((row: { action: string }) => row.action)).toEqual(["user.updated", "user.created"]);
    documented("GET", "/webhook/secret", await api("GET", "/webhook/secret", { role: "admin" }));
  });

  it("webhook endpoints and the event types", async () => {
    const types = documented("GET", "/webhook/event_types", await api("GET", "/webhook/event_types", { role: "viewer" }));
    const endpoint = documented(
      "POST",
      "/webhook/endpoints",
      await api("POST", "/webhook/endpoints", { role: "admin", body: { url: "https://hooks.example.test/openapi", description: "Contract", event_types: [types[0].type, "payout.*"] } }),
    );
    const listed = documented("GET", "/webhook/endpoints", await api("GET", "/webhook/endpoints", { role: "admin" }));
    expect(listed.map((entry: { id: string }) => entry.id)).toContain(endpoint.id);
    documented("POST", "/webhook/endpoints/{id}/rotate_secret", await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role: "admin", body: { expire_old_after_seconds: 60 } }));
    documented("DELETE", "/webhook/endpoints/{id}", await api("DELETE", `/webhook/endpoints/${endpoint.id}`, { role: "admin" }));
  });
});

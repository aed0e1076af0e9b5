// Issue 11 §5: at least 10,000 generated malformed requests over every endpoint's body, query,
// headers, path and method (./malformed-requests.ts), against a server of its own on a fresh
// database. Every answer must be a refusal in the error envelope (a GET may also answer 200), no
// answer a 5xx, and the database must hold exactly the rows it held before the sweep.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { expect, it, onTestFinished } from "vitest";
import { demoOrg, describeDriverIndependent, dropTarget, dumpTables, freshTarget, withStudio, type Target } from "../node/support";
import { ENDPOINTS, METHODS, requestArbitrary, type Fixture, type PlannedRequest } from "./malformed-requests";
import { assertBuilt, freePort, startServer, stopServer, waitHealthy, type Server } from "./server";

if (process.env.STUDIO_TEST_OWN_SERVERS !== "1") {
  throw new Error("Run the sweep through `npm test -- servers malformed-sweep`: it needs a build and starts its own server.");
}

const REQUESTS = Number(process.env.SWEEP_REQUESTS ?? 10_000);
const IN_FLIGHT = 8;
const SEED = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);

/**
 * Columns a request changes without writing anything of its own: an API key's last use is
 * stamped (at most once a minute) by every authenticated request, refused or not.
 */
const NOT_WRITES: Record<string, string[]> = { api_keys: ["last_used_at"] };
// A GET the sweep may be answered 200 for writes one audit row by design: GET /webhook/secret is a
// reveal of the signing secret. Those rows are that answer's record, not a refused request's write.
const AUDITED_READS = new Set(["webhook_secret.revealed"]);

// A webhook the setup causes fails once and is never retried, so no delivery runs during the sweep.
const SWEEP_SERVER_ENV = { WEBHOOK_RETRY_SCHEDULE: "" };

// Node's HTTP parser refuses these before the app runs, with a bare 400 (no envelope is possible):
// control characters in a header value cannot come from fetch, so they go over a raw socket.
const CONTROL_CHARACTERS = ["\u0001", "\u001f", "\u007f", "\u0000", "\u000b"];
const HEADERS_WITH_CONTROLS = ["Idempotency-Key", "X-STUDIO-API-KEY", "X-Client-ID", "X-Request-ID"];

type Tally = { statuses: Map<number, number>; codes: Map<number, number>; violations: string[]; sent: number; slowest: Array<{ ms: number; request: string }> };

it("aims at every method of every API route file", () => {
  const apiRoot = path.resolve(import.meta.dirname, "../../app/v1/studio/api");
  const routed = fs
    .readdirSync(apiRoot, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("route.ts") && !file.includes("[...path]"))
    .flatMap((file) => {
      const source = fs.readFileSync(path.join(apiRoot, file), "utf8");
      const urlPath = `/${path.dirname(file)}`.replace(/\[id\]/g, "{id}");
      return METHODS.filter((method) => new RegExp(`export const ${method} = (studioRoute|actionRoute|exportRoute)\\(`).test(source)).map((method) => `${method} ${urlPath}`);
    });
  expect(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort()).toEqual(routed.sort());
});

// Input validation happens before any query: the sweep runs once, on PGlite.
describeDriverIndependent("the malformed-input sweep", () => {
  const driver = "pglite";
  it(`${REQUESTS} generated malformed requests: no 5xx, every error in the envelope, nothing written`, { timeout: 900_000 }, async () => {
    assertBuilt();
    const target = await freshTarget(driver, "sweep");
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-sweep-logs-"));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    let server: Server | undefined;
    // The failure messages point at the server logs: they go only once the test has passed, which
    // is known after the soft assertions below are judged, not when the last line has run.
    onTestFinished(({ task }) => {
      if (task.result?.state === "pass") fs.rmSync(logDir, { recursive: true, force: true });
    });
    try {
      server = startServer(target, port, path.join(logDir, "server-1.log"), SWEEP_SERVER_ENV);
      await waitHealthy(baseUrl, server);
      const fixture = await makeRecords(baseUrl, target);
      // PGlite is one process's database: the rows are read with the server stopped.
      await stopServer(server);
      const before = await rowsOf(target);
      server = startServer(target, port, path.join(logDir, "server-2.log"), SWEEP_SERVER_ENV);
      await waitHealthy(baseUrl, server);

      let startedAt = performance.now();
      const planned = fc.sample(requestArbitrary(fixture), { numRuns: REQUESTS, seed: SEED });
      console.log(`[sweep ${driver}] ${planned.length} requests generated in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
      startedAt = performance.now();
      const tally = await sweep(baseUrl, planned);
      await parserRefusals(port, tally);
      const seconds = (performance.now() - startedAt) / 1000;
      await stopServer(server);
      server = undefined;
      const after = await rowsOf(target);

      console.log(
        `[sweep ${driver}] seed ${SEED}: ${tally.sent} requests in ${seconds.toFixed(1)} s (${Math.round(tally.sent / seconds)}/s)\n` +
          `  by kind: ${JSON.stringify(countBy(planned, (request) => request.kind))}\n` +
          `  by status: ${JSON.stringify(Object.fromEntries([...tally.statuses].sort(([a], [b]) => a - b)))}\n` +
          `  by code: ${JSON.stringify(Object.fromEntries([...tally.codes].sort(([a], [b]) => a - b)))}\n` +
          `  slowest: ${tally.slowest.map((slow) => `\n    ${slow.ms} ms ${slow.request}`).join("")}`,
      );
      // Soft: a failing run reports each kind of failure, not only the first.
      expect.soft(tally.violations.slice(0, 20), `${tally.violations.length} violations (seed ${SEED}); server log in ${logDir}`).toEqual([]);
      expect.soft(tally.sent).toBeGreaterThanOrEqual(REQUESTS);
      expect.soft([...tally.statuses.keys()].filter((status) => status >= 500)).toEqual([]);
      expect.soft(changedTables(before, after), "rows written by the sweep").toEqual({});
    } finally {
      if (server) await stopServer(server);
      await dropTarget(target);
    }
  });
});

/** Records in several statuses, made through the API, whose ids the sweep aims at. */
async function makeRecords(baseUrl: string, target: Target): Promise<Fixture> {
  const org = demoOrg(target);
  const other = demoOrg(target, 1);
  const keys = { admin: org.key("admin"), finance: org.key("finance"), approver: org.key("approver"), viewer: org.key("viewer") };
  const call = async (method: string, urlPath: string, key: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/v1/studio/api${urlPath}`, {
      method,
      headers: { "X-STUDIO-API-KEY": key, "X-Client-ID": org.clientId, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json()) as { data: any };
    if (response.status !== 200) throw new Error(`${method} ${urlPath}: ${response.status} ${JSON.stringify(parsed)}`);
    return parsed.data;
  };
  const common = { pricing_mode: "crypto", pay_token: "USDC", chain: "arb", origin: "https://shop.example.test", creator: "sweep setup" };
  const people = { recipient_name: "Setup", recipient_email: "setup@example.test", organization_name: "Setup Org", organization_email: "ap@example.test" };
  // Created by admin, the key the sweep sends: its approvals meet maker-checker.
  const invoice = (overrides: Record<string, unknown> = {}) =>
    call("POST", "/invoice/intent", keys.admin, {
      ...common,
      ...people,
      amount: "10",
      payment_terms: 7,
      detail_items: [{ name: "Item", quantity: 1, unit_price: 10 }],
      ...overrides,
    });
  const payout = () =>
    call("POST", "/payout/intent", keys.admin, { ...common, ...people, amount: "100", exact_out_amount: "98.5", payout_target_address: "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe" });
  const approve = (kind: string, id: string) => call("POST", `/${kind}/intent/${id}/approve`, keys.approver);

  const pendingInvoice = await invoice();
  const approvedInvoice = await approve("invoice", (await invoice()).id);
  const paidInvoice = await approve("invoice", (await invoice()).id);
  await call("POST", "/sandbox/pay", keys.admin, { payment_address: paidInvoice.payment_intent.payment_address, amount: "10" });
  const pendingPayout = await payout();
  const approvedPayout = await approve("payout", (await payout()).id);
  const underfundedPayout = await approve("payout", (await payout()).id);
  await call("POST", `/sandbox/payment_intent/${underfundedPayout.payment_intent.payment_intent_id}/pay`, keys.admin, { amount: "40" });

  const standaloneIntent = () => call("POST", "/payment/intent", keys.admin, { crypto_amount: "10", pay_token: "USDC", chain: "arb" });
  const pendingIntent = await standaloneIntent();
  const settledIntent = await standaloneIntent();
  await call("POST", `/sandbox/payment_intent/${settledIntent.payment_intent_id}/pay`, keys.admin, { amount: "10" });
  const withdrawal = await call("POST", "/asset_pro/transfer", keys.admin, {
    chain_id: "arb",
    contract_address: settledIntent.token_address,
    amount: "1",
    wallet_address: "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe",
  });

  // One webhook event, settled before the sweep: its callback refuses connections and the sweep's
  // server retries nothing (WEBHOOK_RETRY_SCHEDULE=""), so it is `failed` after one attempt.
  const noticed = await invoice({ callback_url: `http://127.0.0.1:${await freePort()}/hook` });
  await approve("invoice", noticed.id);
  const event = await settledEvent(() => call("GET", `/webhook/deliveries?object_id=${noticed.id}`, keys.viewer));

  // A person for the team endpoints, and a live key and a revoked one (the admin's own: keys are
  // made for oneself only).
  const person = await call("POST", "/users", keys.admin, { name: "Sweep Setup", email: "sweep-setup@example.test", permissions: ["transfer:read"] });
  const liveKey = await call("POST", "/api_keys", keys.admin, {});
  const revokedKey = await call("POST", "/api_keys", keys.admin, {});
  await call("POST", `/api_keys/${revokedKey.id}/revoke`, keys.admin);
  // A webhook endpoint, made last so no event of the setup goes to it (its host does not resolve either).
  const webhookEndpoint = await call("POST", "/webhook/endpoints", keys.admin, { url: "https://hooks.example.test/sweep", event_types: ["*"] });
  const savedView = await call("POST", "/saved_views", keys.viewer, { list: "payouts", name: "Sweep setup", query: "status=approved" });

  const invoices = [pendingInvoice, approvedInvoice, paidInvoice];
  const payouts = [pendingPayout, approvedPayout, underfundedPayout];
  const standalone = [pendingIntent, settledIntent].map((intent) => intent.payment_intent_id as string);
  return {
    keys,
    otherOrgAdminKey: other.key("admin"),
    clientId: org.clientId,
    otherClientId: other.clientId,
    ids: {
      invoice: invoices.map((record) => record.id),
      payout: payouts.map((record) => record.id),
      payment_intent: [...invoices, ...payouts].map((record) => record.payment_intent.payment_intent_id).concat(standalone),
      standalone,
      transfer: [withdrawal.id],
      event: [event],
      user: [person.uid],
      api_key: [liveKey.id, revokedKey.id],
      approval_kind: ["invoice", "payout"],
      webhook_endpoint: [webhookEndpoint.id],
      saved_view: [savedView.id],
      chain_send: ["send_0123456789abcdef01234567"],
    },
    paymentAddresses: [approvedInvoice, paidInvoice, approvedPayout].map((record) => record.payment_intent.payment_address),
  };
}

/** The id of the one event the list returns, once its delivery has settled (delivered or failed). */
async function settledEvent(list: () => Promise<Array<{ id: string; status: string }>>): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [event, ...others] = await list();
    if (others.length) throw new Error(`expected one webhook event, got ${others.length + 1}`);
    if (event && event.status !== "pending") return event.id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the setup's webhook event did not settle within 60 s");
}

async function sweep(baseUrl: string, planned: PlannedRequest[]): Promise<Tally> {
  const tally: Tally = { statuses: new Map(), codes: new Map(), violations: [], sent: 0, slowest: [] };
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < planned.length; index = next++) {
      const request = planned[index]!;
      const sentAt = performance.now();
      const violation = await sendAndJudge(baseUrl, request, tally);
      const ms = performance.now() - sentAt;
      if (tally.slowest.length < 5 || ms > tally.slowest[4]!.ms) {
        tally.slowest = [...tally.slowest, { ms: Math.round(ms), request: summary(request).slice(0, 140) }].sort((a, b) => b.ms - a.ms).slice(0, 5);
      }
      if (violation) tally.violations.push(`${summary(request)}: ${violation}`);
      if (tally.sent % 2_000 === 0) console.log(`[sweep] ${tally.sent} answered`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return tally;
}

async function sendAndJudge(baseUrl: string, request: PlannedRequest, tally: Tally): Promise<string | null> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (value !== null) headers.set(name, value);
  const body = request.body?.build();
  if (body?.contentType) headers.set("content-type", body.contentType);
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/v1/studio/api${request.path}`, {
      method: request.method,
      headers,
      body: body ? ("bytes" in body ? body.bytes : body.text) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    return `no answer: ${(error as Error).message} ${String((error as Error).cause ?? "")}`;
  }
  tally.sent += 1;
  tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
  const text = await response.text();
  const requestId = response.headers.get("x-request-id");
  if (response.status >= 500) return `${response.status}: ${text.slice(0, 200)}`;
  if (!requestId) return `${response.status} without X-Request-ID`;
  const sentId = request.headers["x-request-id"];
  if (sentId && /^[\w.:-]{8,64}$/.test(sentId) && requestId !== sentId) return `X-Request-ID ${requestId} is not the one sent (${sentId})`;
  // A read of a document (GET /invoice/intent/{id}/pdf) answers the file itself; its errors stay envelopes.
  if (response.status === 200 && request.method === "GET" && response.headers.get("content-type") === "application/pdf") {
    return text.startsWith("%PDF-") ? null : "a PDF answer that is not a PDF";
  }
  // An export's success is its CSV file; its refusals are the error envelope like everywhere.
  if (response.status === 200 && request.method === "GET" && request.endpoint.csv) {
    // (text() drops the BOM; export.test.ts checks its bytes.)
    return response.headers.get("content-type") === "text/csv; charset=utf-8" ? null : `an export answered 200 without a CSV file: ${text.slice(0, 100)}`;
  }
  let envelope: { code?: unknown; message?: unknown; request_id?: unknown; errors?: unknown };
  try {
    envelope = JSON.parse(text);
  } catch {
    return `${response.status} with a body that is not JSON: ${text.slice(0, 100)}`;
  }
  if (typeof envelope.code === "number") tally.codes.set(envelope.code, (tally.codes.get(envelope.code) ?? 0) + 1);
  if (response.status < 400) {
    // Only a read may succeed: every write the sweep sends is refused by construction.
    return request.method === "GET" && envelope.code === 0 ? null : `${request.method} answered ${response.status}: ${text.slice(0, 200)}`;
  }
  if (typeof envelope.code !== "number" || envelope.code === 0) return `${response.status} without an error code: ${text.slice(0, 200)}`;
  if (typeof envelope.message !== "string" || envelope.message === "") return `${response.status} without a message`;
  if (envelope.request_id !== requestId) return `request_id ${String(envelope.request_id)} differs from X-Request-ID ${requestId}`;
  if (envelope.code === 40000) {
    const issues = envelope.errors;
    const named = Array.isArray(issues) && issues.length > 0 && issues.every((issue) => typeof issue?.field === "string" && typeof issue?.message === "string");
    if (!named) return `a validation error without errors[]: ${text.slice(0, 200)}`;
  }
  if (response.status === 405 && !response.headers.get("allow")) return "405 without Allow";
  return null;
}

/**
 * Header values with control characters, over a raw socket: Node's parser answers them with a
 * bare 400 before any route runs. Counted with the rest; anything else is a violation.
 */
async function parserRefusals(port: number, tally: Tally): Promise<void> {
  for (const header of HEADERS_WITH_CONTROLS) {
    for (const control of CONTROL_CHARACTERS) {
      const head =
        `POST /v1/studio/api/invoice/intent HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `${header}: a${control}b\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
      const answer = await rawRequest(port, head);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      tally.sent += 1;
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
      if (status !== 400) tally.violations.push(`${header} with U+${control.charCodeAt(0).toString(16).padStart(4, "0")}: ${JSON.stringify(answer.slice(0, 120))}`);
    }
  }
}

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(Buffer.from(text, "latin1")));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

async function rowsOf(target: Target): Promise<Record<string, string[]>> {
  const tables = await withStudio(target, (client) => dumpTables(client));
  if (tables.audit_log) tables.audit_log = tables.audit_log.filter((row) => !AUDITED_READS.has((JSON.parse(row) as { action: string }).action));
  for (const [table, columns] of Object.entries(NOT_WRITES)) {
    tables[table] = (tables[table] ?? [])
      .map((row) => {
        const parsed = JSON.parse(row) as Record<string, unknown>;
        for (const column of columns) delete parsed[column];
        return JSON.stringify(parsed);
      })
      .sort();
  }
  return tables;
}

/** The tables whose rows differ, with the rows only one side has. */
function changedTables(before: Record<string, string[]>, after: Record<string, string[]>) {
  const changed: Record<string, { removed: string[]; added: string[] }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const is = new Set(after[table] ?? []);
    const removed = [...was].filter((row) => !is.has(row));
    const added = [...is].filter((row) => !was.has(row));
    if (removed.length || added.length) changed[table] = { removed: removed.slice(0, 5), added: added.slice(0, 5) };
  }
  return changed;
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

function summary(request: PlannedRequest): string {
  const body = request.body?.oversized ? undefined : request.body?.build();
  const shown = body ? ("bytes" in body ? `<${body.bytes.length} bytes>` : body.text.slice(0, 160)) : "";
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, value?.slice(0, 40) ?? null]));
  return `[${request.kind}] ${request.method} ${request.path.slice(0, 160)} ${JSON.stringify(headers)} ${shown}`;
}

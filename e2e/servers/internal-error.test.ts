// The 50000 rule (product-decisions §4): an unexpected failure answers 500 in the error envelope
// with the request id and nothing from inside (no stack, no SQL, no table or column names), on
// both drivers. The failure is real: a column the queries need is renamed while the server is
// down (a PGlite folder belongs to one process), and the server is started on the broken schema.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, withStudio } from "../node/support";
import { call, logLines, ownServer, suiteDriver, type Answer, type OwnServer } from "./support";

const BROKEN_COLUMN = "recipient_email";
const RENAMED_TO = "recipient_email_renamed_by_test";

// What would betray the inside: stack frames, file paths, SQL, and the schema's own names.
const LEAKS = [
  /\bat\s+\S+\s+\(/, // "at fn (file:1:2)"
  /\.(ts|js|mjs):\d+/,
  /node_modules|\.next\//,
  /\b(select|insert|update|delete|from|where|relation|column)\b/i,
  /invoices|payment_intents|recipient_email|renamed_by_test/i,
  /postgres|pg_|drizzle|42703/i,
];

function expectOpaque500(answer: Answer, requestId?: string) {
  expect(answer.status, answer.text).toBe(500);
  expect(Object.keys(answer.body).sort()).toEqual(["code", "message", "request_id"]);
  expect(answer.body.code).toBe(50000);
  expect(answer.body.request_id).toBe(answer.headers.get("x-request-id"));
  if (requestId) expect(answer.body.request_id).toBe(requestId);
  for (const leak of LEAKS) expect(answer.text, `the body leaks ${leak}`).not.toMatch(leak);
}

describe(`an unexpected database failure on ${suiteDriver}`, () => {
  let server: OwnServer;

  beforeAll(async () => {
    server = await ownServer("internal_error");
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Renames a column with the server stopped, then starts it again on the changed schema. */
  async function renameColumn(from: string, to: string) {
    await server.stop();
    await withStudio(server.target, (client) => queryRows(client, sql.raw(`ALTER TABLE invoices RENAME COLUMN ${from} TO ${to}`)));
    await server.start();
  }

  it("answers 500/50000 with the request id and no stack, SQL, table or column name; works again once repaired", async () => {
    const finance = server.access.key("finance");
    const request = {
      pricing_mode: "crypto",
      amount: "10",
      pay_token: "USDC",
      chain: "arb",
      origin: "https://shop.example.test",
      recipient_name: "Broken Schema",
      recipient_email: "broken@example.test",
      organization_name: "Org",
      organization_email: "org@example.test",
      creator: "test",
      payment_terms: 7,
      detail_items: [{ name: "Item", quantity: 1, unit_price: 10 }],
    };
    const create = (key: string) =>
      call(server, "POST", "/invoice/intent", key, request, { "X-Client-ID": server.access.clientId });
    expect((await call(server, "GET", "/invoice/intents", finance)).status).toBe(200);

    await renameColumn(BROKEN_COLUMN, RENAMED_TO);
    try {
      const requestId = "audit-internal-error-1";
      // A search with a space is checked column by column, so its statement names the broken column.
      const list = await call(server, "GET", "/invoice/intents?search=broken%20schema", finance, undefined, { "X-Request-ID": requestId });
      expectOpaque500(list, requestId);
      expectOpaque500(await create(finance));
      // The operator, not the caller, gets the detail: logged with the same request id.
      const logged = logLines(server.logFile).find((line) => line.msg === "unexpected error" && line.request_id === requestId);
      expect(JSON.stringify(logged)).toContain(BROKEN_COLUMN);
      // …but not the statement's parameters (they may be a key's hash or a sealed secret).
      expect(JSON.stringify(logged)).toContain("params: [redacted]");
      expect(JSON.stringify(logged)).not.toMatch(/params: (?!\[redacted\])/);
    } finally {
      await renameColumn(RENAMED_TO, BROKEN_COLUMN);
    }

    // The same requests succeed on the repaired schema: the 500s came from the failure, not the requests.
    expect((await call(server, "GET", "/invoice/intents?search=broken%20schema", finance)).status).toBe(200);
    expect((await create(finance)).status).toBe(200);
  });
});

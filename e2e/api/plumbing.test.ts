import { describe, expect, it } from "vitest";
import { api, createInvoice, expectError, serverUrl, user } from "./support";

describe("GET /api/health", () => {
  it("answers 200 once migrations and seeding are done", async () => {
    const response = await fetch(`${serverUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("GET /api/ready", () => {
  it("answers 200 ready on a started server, and nothing more to the public", async () => {
    // Each check has 2 s to answer; on a loaded machine, with other files' requests queued on the
    // database, one probe may miss that bound. A started server must answer ready, if not at once.
    let response: Response;
    for (let tries = 1; ; tries++) {
      response = await fetch(`${serverUrl}/api/ready`);
      if (response.status === 200 || tries === 20) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(response.status).toBe(200);
    // Which checks passed is for operators (METRICS_TOKEN, e2e/servers/readiness.test.ts): the public learns ready or not.
    expect(await response.json()).toEqual({ status: "ready" });
  });
});

describe("empty query values", () => {
  it("are the filter left out, as an empty search field sends them, not a 400", async () => {
    const invoice = await createInvoice();
    const without = await api("GET", "/invoice/intents?page_size=5", { role: "viewer" });
    const empty = await api("GET", "/invoice/intents?page_size=5&search=&status=&page=&created_after=", { role: "viewer" });
    expect(empty.status).toBe(200);
    expect(empty.body.data.map((row: { id: string }) => row.id)).toEqual(without.body.data.map((row: { id: string }) => row.id));
    expect(empty.body.data.map((row: { id: string }) => row.id)).toContain(invoice.id);
    // An empty page_size is the default page size, as if it were not sent.
    const defaultSize = await api("GET", "/invoice/intents?page_size=", { role: "viewer" });
    expect(defaultSize.status).toBe(200);
    expect(defaultSize.body.data.length).toBe((await api("GET", "/invoice/intents", { role: "viewer" })).body.data.length);
  });
});

describe("X-Request-ID", () => {
  it("is on successes and on every kind of error, and echoed in the error body", async () => {
    const invoice = await createInvoice();
    const responses = [
      await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" }),
      await api("GET", "/invoice/intents", { key: null }),
      await api("GET", "/invoice/intent/inv_missing", { role: "viewer" }),
      await api("POST", "/invoice/intent", { role: "viewer", body: {} }),
      await api("POST", "/invoice/intent", { role: "finance", rawBody: "{", headers: { "Content-Type": "application/json" } }),
      await api("GET", "/no/such/endpoint", { role: "viewer" }),
    ];
    for (const response of responses) {
      const requestId = response.headers.get("x-request-id");
      expect(requestId).toMatch(/^req_[0-9a-f]{20}$/);
      if (response.status >= 400) expect(response.body.request_id).toBe(requestId);
    }
    const ids = responses.map((response) => response.headers.get("x-request-id"));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a well-formed inbound X-Request-ID so a merchant can trace its own id, and replaces a bad one", async () => {
    const mine = await api("GET", "/invoice/intents?page_size=1", { role: "viewer", headers: { "X-Request-ID": "merchant-trace-0001" } });
    expect(mine.headers.get("x-request-id")).toBe("merchant-trace-0001");
    const bad = await api("GET", "/invoice/intents?page_size=1", { role: "viewer", headers: { "X-Request-ID": "bad id\twith<html>" } });
    expect(bad.headers.get("x-request-id")).toMatch(/^req_/);
  });
});

describe("unknown /v1 paths", () => {
  it.each(["GET", "POST", "PUT", "DELETE", "PATCH"])("%s /v1/anything → JSON 404/40400 envelope", async (method) => {
    const response = await fetch(`${serverUrl}/v1/anything`, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = await response.json();
    expect(body).toMatchObject({ code: 40400, message: `No endpoint ${method} /v1/anything` });
    expect(body.request_id).toBe(response.headers.get("x-request-id"));
  });

  it("a deeper unknown path under the API is the same envelope", async () => {
    const response = await api("GET", "/invoice/intent/inv_x/unknown-action", { role: "viewer" });
    expectError(response, 404, 40400);
  });
});

describe("errors never leak internals", () => {
  it("hostile ids and filters give clean 4xx envelopes without SQL or stack traces", async () => {
    const probes = [
      await api("GET", `/invoice/intent/${encodeURIComponent("' OR 1=1 --")}`, { role: "viewer" }),
      await api("GET", `/invoice/intent/${"x".repeat(5000)}`, { role: "viewer" }),
      await api("GET", `/invoice/intent/${encodeURIComponent("\u0000")}`, { role: "viewer" }),
      await api("GET", `/invoice/intents?search=${encodeURIComponent("'; SELECT pg_sleep(1); --")}`, { role: "viewer" }),
      await api("GET", `/invoice/intents?search=${encodeURIComponent("\u0000")}`, { role: "viewer" }),
      await api("GET", `/invoice/intents?recipient_email=${encodeURIComponent("\\")}`, { role: "viewer" }),
      await api("GET", "/invoice/intents?created_after=9999-12-31T23:59:59Z", { role: "viewer" }),
      await api("PUT", `/invoice/intent/${encodeURIComponent("\u0000")}`, { role: "finance", body: { description: "x" } }),
    ];
    for (const response of probes) {
      const text = JSON.stringify(response.body);
      expect(response.status, text).toBeLessThan(500);
      expect(text).not.toMatch(/select |insert |update |syntax|postgres|pglite|drizzle|\bat \w+ \(|node_modules|\.ts:\d+/i);
    }
  });

  it("a refused key is reported without echoing it", async () => {
    const key = `${user("finance").api_key}x`;
    const response = await api("GET", "/invoice/intents", { key });
    expectError(response, 401, 40100);
    expect(JSON.stringify(response.body)).not.toContain(key);
  });
});

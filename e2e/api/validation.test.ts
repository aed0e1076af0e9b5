import http from "node:http";
import { describe, expect, it } from "vitest";
import { api, countMatching, createInvoice, expectError, expectRefusedCreate, getInvoice, invoiceRequest, listInvoices, demoUser, serverUrl, user, org } from "./support";

function without(field: string) {
  const request: Record<string, unknown> = invoiceRequest();
  delete request[field];
  return request;
}

const REQUIRED_FIELDS = [
  "pricing_mode",
  "amount",
  "pay_token",
  "chain",
  "origin",
  "recipient_name",
  "recipient_email",
  "organization_name",
  "organization_email",
  "creator",
  "payment_terms",
  "detail_items",
];

describe("POST /invoice/intent: each required field missing on its own", () => {
  it.each(REQUIRED_FIELDS)("%s missing → 400/40000 naming it", async (field) => {
    await expectRefusedCreate("invoice", without(field), { field, message: "is required" });
  });

  it.each(["name", "quantity", "unit_price"])("detail_items[].%s missing → 400 naming detail_items.0.%s", async (field) => {
    const item: Record<string, unknown> = { name: "Widget", quantity: 1, unit_price: 125.5 };
    delete item[field];
    await expectRefusedCreate("invoice", invoiceRequest({ detail_items: [item] }), {
      field: `detail_items.0.${field}`,
      message: "is required",
    });
  });

  it("null counts as a wrong type, not as missing", async () => {
    await expectRefusedCreate("invoice", invoiceRequest({ recipient_name: null }), { field: "recipient_name", message: "must be a string" });
  });
});

// field → a value of the wrong JSON type, and what the message says is expected.
const WRONG_TYPES: Array<[string, unknown, string]> = [
  ["pricing_mode", 1, "must be one of"],
  ["amount", 125.5, "must be a string"],
  ["currency", 840, "must be one of"],
  ["pay_token", true, "must be one of"],
  ["chain", 42161, "must be a string"],
  ["origin", 1, "must be a string"],
  ["order_data", "order-42", "must be an object"],
  ["order_data", [1, 2], "must be an object"],
  ["callback_url", { url: "https://x.test" }, "must be a string"],
  ["group_key", 7, "must be a string"],
  ["payout_target_address", 0, "must be a string"],
  ["payout_addresses", "0xabc", "must be an object"],
  ["payment_deadline", "tomorrow", "must be a number"],
  ["payment_deadline", 1.5, "must be an integer"],
  ["swap_enabled", "yes", "must be a boolean"],
  ["use_fixed_stablecoin_rate", 1, "must be a boolean"],
  ["recipient_name", 5, "must be a string"],
  ["recipient_email", ["a@b.test"], "must be a string"],
  ["organization_name", {}, "must be a string"],
  ["organization_email", 5, "must be a string"],
  ["description", false, "must be a string"],
  ["attachment", "file_1", "must be an object"],
  ["creator", 1, "must be a string"],
  ["payment_terms", "7", "must be a number"],
  ["payment_terms", 7.5, "must be an integer"],
  ["invoice_issue_date", 20260131, "must be a string"],
  ["payment_method_type", 1, "must be one of"],
  ["allow_any_chain", "true", "must be a boolean"],
  ["allow_any_token", 0, "must be a boolean"],
  ["bank_account_id", "12", "must be a number"],
  ["detail_items", { name: "Widget" }, "must be an array"],
];

describe("POST /invoice/intent: wrong JSON types", () => {
  it.each(WRONG_TYPES)("%s = %j → 400 %s", async (field, value, message) => {
    await expectRefusedCreate("invoice", invoiceRequest({ [field]: value }), { field, message });
  });

  it.each([
    ["name", 3, "must be a string"],
    ["quantity", "2", "must be a number"],
    ["unit_price", "50", "must be a number"],
    ["tax", "5.5", "must be a number"],
  ])("detail_items[].%s = %j → 400 %s", async (field, value, message) => {
    const item = { name: "Widget", quantity: 1, unit_price: 125.5, [field]: value };
    await expectRefusedCreate("invoice", invoiceRequest({ detail_items: [item] }), { field: `detail_items.0.${field}`, message });
  });

  it("attachment.file_id must be a string", async () => {
    await expectRefusedCreate("invoice", invoiceRequest({ attachment: { file_id: 12 } }), {
      field: "attachment.file_id",
      message: "must be a string",
    });
  });
});

describe("POST /invoice/intent: values outside their sets", () => {
  it.each([
    ["pricing_mode", "gold", "fiat, crypto"],
    ["currency", "EUR", "USD, TWD"],
    ["pay_token", "DAI", "USDC, USDT"],
    ["payment_method_type", "cash", "crypto, fiat"],
  ])("%s = %s → 400 listing the allowed values", async (field, value, allowed) => {
    await expectRefusedCreate("invoice", invoiceRequest({ [field]: value }), { field, message: allowed });
  });

  it("payout_addresses keys other than evm, sol, tron → 400 naming the key", async () => {
    await expectRefusedCreate("invoice", invoiceRequest({ payout_addresses: { btc: "bc1qxyz" } }), {
      field: "payout_addresses",
      message: "btc",
    });
  });

  it("payout_addresses may name only some families", async () => {
    const invoice = await createInvoice({ overrides: { payout_addresses: { sol: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" } } });
    expect(invoice.payment_intent.payout_addresses).toEqual({ sol: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" });
  });
});

describe("POST /invoice/intent: malformed amounts", () => {
  it.each(["1e3", "0x10", "-1", " 1", "1 ", ".5", "1.", "", "1,000", "+1", "01", "NaN", "Infinity", "１"])(
    "amount %j → 400 saying what a plain decimal looks like",
    async (amount) => {
      await expectRefusedCreate("invoice", invoiceRequest({ amount }), { field: "amount", message: "plain decimal" });
    },
  );

  it("0 → 400: must be greater than zero", async () => {
    await expectRefusedCreate("invoice", 
      invoiceRequest({ amount: "0", detail_items: [{ name: "Free", quantity: 1, unit_price: 0 }] }),
      { field: "amount", message: "greater than zero" },
    );
  });

  it("crypto on arb: more than 6 decimals → 400 naming the limit", async () => {
    await expectRefusedCreate("invoice", invoiceRequest({ amount: "125.5000001" }), { field: "amount", message: "6 decimal places" });
  });

  it("fiat: more than 2 decimals → 400 naming the limit", async () => {
    await expectRefusedCreate("invoice", invoiceRequest({ pricing_mode: "fiat", currency: "USD", amount: "125.501" }), {
      field: "amount",
      message: "2 decimal places",
    });
  });

  it.each([
    ["quantity", -1, "must not be negative"],
    ["quantity", 0, "greater than zero"],
    ["unit_price", -50, "must not be negative"],
    ["tax", -0.5, "must not be negative"],
    ["unit_price", 1e21, "plain number"],
    ["unit_price", 1e-7, "plain number"],
  ])("detail_items[].%s = %s → 400 %s", async (field, value, message) => {
    const item = { name: "Widget", quantity: 1, unit_price: 125.5, [field]: value };
    await expectRefusedCreate("invoice", invoiceRequest({ detail_items: [item] }), { field: `detail_items.0.${field}`, message });
  });

  it("no line items → 400", async () => {
    await expectRefusedCreate("invoice", invoiceRequest({ detail_items: [] }), { field: "detail_items", message: "at least one" });
  });

  it("a blank line item name → 400", async () => {
    await expectRefusedCreate("invoice", invoiceRequest({ detail_items: [{ name: "   ", quantity: 1, unit_price: 125.5 }] }), {
      field: "detail_items.0.name",
      message: "blank",
    });
  });
});

describe("POST /invoice/intent: other malformed values", () => {
  it.each([
    ["recipient_email", "not-an-email"],
    ["recipient_email", "a@"],
    ["recipient_email", "@example.test"],
    ["recipient_email", "two words@example.test"],
    ["organization_email", "billing.example.test"],
    ["organization_email", ""],
  ])("%s = %j → 400 must be a valid email address", async (field, value) => {
    await expectRefusedCreate("invoice", invoiceRequest({ [field]: value }), { field, message: "valid email" });
  });

  it.each([
    ["origin", "not a url", "http(s) URL"],
    ["origin", "ftp://shop.example.test", "http(s) URL"],
    ["callback_url", "javascript:alert(1)", "http(s) URL"],
    ["payment_terms", -1, "must be at least 0"],
    ["payment_deadline", 0, "must be greater than 0"],
    ["invoice_issue_date", "2026-13-45", "ISO 8601"],
    ["invoice_issue_date", "yesterday", "ISO 8601"],
    ["recipient_name", "   ", "blank"],
    ["creator", "", "blank"],
    ["bank_account_id", -3, "must be greater than 0"],
    ["bank_account_id", 2_147_483_648, "must be at most 2147483647"],
    ["payment_deadline", 1_000_000_000, "must not be in the past"],
    ["payment_deadline", 1_900_000_000_000, "seconds"],
    ["amount", "1".repeat(81), "at most 80 characters"],
  ])("%s = %j → 400 (%s)", async (field, value, message) => {
    await expectRefusedCreate("invoice", invoiceRequest({ [field]: value }), { field, message });
  });
});

/**
 * A create on its own connection: the server answers 413 before reading the whole body, which
 * leaves that connection unusable, so it must not be one fetch's pool would reuse.
 */
function postOnFreshConnection(chunks: string[], headers: Record<string, string>, urlPath = "/invoice/intent", role: "finance" | "approver" = "finance") {
  return new Promise<{ status: number; body: any; requestId: string | undefined }>((resolve, reject) => {
    const request = http.request(
      `${serverUrl}/v1/studio/api${urlPath}`,
      {
        method: "POST",
        agent: false,
        headers: { ...headers, "X-STUDIO-API-KEY": user(role).api_key, "X-Client-ID": org(0).client_id },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (part: string) => (text += part));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), requestId: response.headers["x-request-id"] as string }),
        );
      },
    );
    // The server may close while we are still sending: that is the point, not a failure.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

describe("NUL characters (PostgreSQL cannot store them)", () => {
  it.each([
    ["recipient_name", { recipient_name: "Ada\u0000Lovelace" }, "recipient_name"],
    ["description", { description: "line one\u0000" }, "description"],
    ["a nested order_data value", { order_data: { note: "x\u0000y" } }, "order_data.note"],
    ["an order_data key", { order_data: { "k\u0000": 1 } }, "order_data.k\u0000"],
  ])("in %s → 400/40000 naming the field", async (_label, override, field) => {
    await expectRefusedCreate("invoice", invoiceRequest(override), { field, message: "NUL" });
  });

  it("in a query parameter → 400 naming the parameter", async () => {
    const error = expectError(await listInvoices({ search: "a\u0000b" }), 400, 40000);
    expect(error.errors?.[0]?.field).toBe("search");
  });
});

describe("request bodies", () => {
  async function rawCreate(rawBody: string, contentType = "application/json") {
    return api("POST", "/invoice/intent", { role: "finance", rawBody, headers: { "Content-Type": contentType } });
  }

  it("malformed JSON → 400/40000 on field body", async () => {
    const error = expectError(await rawCreate('{"pricing_mode": "crypto",'), 400, 40000);
    expect(error.errors).toEqual([{ field: "body", message: "is not valid JSON" }]);
  });

  it.each(["[]", '"text"', "42", "null"])("a JSON %s instead of an object → 400/40000", async (raw) => {
    const error = expectError(await rawCreate(raw), 400, 40000);
    expect(error.errors?.[0]?.field).toBe("body");
  });

  it("an empty body → 400/40000 body is required", async () => {
    const error = expectError(await rawCreate(""), 400, 40000);
    expect(error.errors).toEqual([{ field: "body", message: "is required" }]);
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"])(
    "Content-Type %s → 415/41500, and nothing is written",
    async (contentType) => {
      const request = invoiceRequest();
      const error = expectError(await rawCreate(JSON.stringify(request), contentType), 415, 41500);
      expect(error.message).toContain("application/json");
      expect(await countMatching(request.recipient_email)).toBe(0);
    },
  );

  it("Content-Type application/json; charset=utf-8 is accepted", async () => {
    const response = await rawCreate(JSON.stringify(invoiceRequest()), "application/json; charset=utf-8");
    expect(response.status).toBe(200);
  });

  it("a body over 1 MiB → 413/41300, and nothing is written", async () => {
    const request = invoiceRequest({ description: "x".repeat(1024 * 1024) });
    const response = await postOnFreshConnection([JSON.stringify(request)], { "Content-Type": "application/json" });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 41300, message: expect.stringContaining("1 MiB") });
    expect(response.body.request_id).toBe(response.requestId);
    expect(await countMatching(request.recipient_email)).toBe(0);
  });

  it("a body over 1 MiB streamed without Content-Length → 413/41300", async () => {
    const request = invoiceRequest({ description: "x".repeat(1024 * 1024) });
    const text = JSON.stringify(request);
    const chunks = Array.from({ length: Math.ceil(text.length / 65_536) }, (_, index) =>
      text.slice(index * 65_536, (index + 1) * 65_536),
    );
    const response = await postOnFreshConnection(chunks, { "Content-Type": "application/json", "Transfer-Encoding": "chunked" });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe(41300);
    expect(await countMatching(request.recipient_email)).toBe(0);
  });

  it("an operation without a body (approve) refuses one over 1 MiB too → 413/41300, and approves nothing", async () => {
    const invoice = await createInvoice();
    const oversized = JSON.stringify({ note: "x".repeat(1024 * 1024) });
    const declared = await postOnFreshConnection([oversized], { "Content-Type": "application/json" }, `/invoice/intent/${invoice.id}/approve`, "approver");
    expect(declared.status).toBe(413);
    expect(declared.body.code).toBe(41300);
    const chunks = Array.from({ length: Math.ceil(oversized.length / 65_536) }, (_, index) => oversized.slice(index * 65_536, (index + 1) * 65_536));
    const streamed = await postOnFreshConnection(chunks, { "Content-Type": "application/json", "Transfer-Encoding": "chunked" }, `/invoice/intent/${invoice.id}/approve`, "approver");
    expect(streamed.status).toBe(413);
    expect((await getInvoice(invoice.id)).status).toBe("approval_pending");
  });

  it("a body just under 1 MiB is read (and judged on its fields)", async () => {
    // Read whole (not a 413), then judged: order_data is capped at 1,000 serialized characters.
    const request = invoiceRequest({ order_data: { blob: "x".repeat(1000 * 1000) } });
    const error = expectError(await rawCreate(JSON.stringify(request)), 400, 40000);
    expect((error.errors ?? []).map((entry: { field: string }) => entry.field)).toEqual(["order_data"]);
  });
});

describe("PUT /invoice/intent/{id}: bad input changes nothing", () => {
  it.each([
    ["recipient_email", "nope", "valid email"],
    ["payment_terms", "7", "must be a number"],
    ["pay_token", "DAI", "USDC, USDT"],
    ["detail_items", [], "at least one"],
    ["approve_time", "2026-01-31T09:00:00", "needs a time zone"],
    ["approve_time", "next friday", "ISO 8601"],
    ["reviewer", "", "must not be blank"],
    ["allow_any_chain", "yes", "must be a boolean"],
  ])("%s = %j → 400", async (field, value, message) => {
    const invoice = await createInvoice();
    const response = await api("PUT", `/invoice/intent/${invoice.id}`, { role: "finance", body: { [field]: value } });
    const error = expectError(response, 400, 40000);
    expect(error.errors?.find((issue) => issue.field === field)?.message).toContain(message);
    const after = await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" });
    expect(after.body.data).toEqual(invoice);
    const logs = await api("GET", `/invoice/intent/${invoice.id}/logs`, { role: "viewer" });
    expect(logs.body.data).toHaveLength(1);
  });
});

describe("GET /invoice/intents: query validation", () => {
  it.each([
    ["page", "0", "at least 1"],
    ["page", "-1", "at least 1"],
    ["page", "abc", "integer"],
    ["page", "1.5", "integer"],
    ["page_size", "0", "at least 1"],
    ["page_size", "-1", "at least 1"],
    ["page_size", "101", "at most 100"],
    ["page_size", "abc", "integer"],
    ["page", "1e3", "integer"],
    ["page", "0x10", "integer"],
    ["page", " 1", "integer"],
    ["status", "paid-ish", "must be one of"],
    ["status_category", "open", "must be one of"],
    ["settlement_type", "cash", "crypto, fiat"],
    ["created_after", "last week", "ISO 8601"],
    ["created_before", "2026-02-30T25:00:00Z", "ISO 8601"],
  ])("%s=%s → 400/40000 naming the parameter", async (parameter, value, message) => {
    const error = expectError(await listInvoices({ [parameter]: value }), 400, 40000);
    expect(error.errors?.find((issue) => issue.field === parameter)?.message).toContain(message);
    expect(error.message).toContain(parameter);
  });

  it("page_size=100 is the largest accepted", async () => {
    // Demo Merchant's seeded invoices fill a page of 100; the file's own organization has a few.
    const response = await api("GET", "/invoice/intents?page_size=100", { key: demoUser("viewer").api_key });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(100);
  });
});

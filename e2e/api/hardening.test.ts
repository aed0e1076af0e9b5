// Findings of the security review (issue 11 §0) that the API answers: each would fail without its fix.
import { describe, expect, it } from "vitest";
import { api, expectError, invoiceRequest, listInvoices } from "./support";

describe("deep paging", () => {
  it.each(["/invoice/intents", "/payout/intents"])("%s stops at the 10,000th row with a 400 that says how to go further", async (path) => {
    expect((await api("GET", `${path}?page=500&page_size=20`, { role: "viewer" })).status).toBe(200);
    const deep = expectError(await api("GET", `${path}?page=501&page_size=20`, { role: "viewer" }), 400, 40000);
    expect(deep.errors?.[0]).toMatchObject({ field: "page", message: expect.stringContaining("narrow the list") });
    expectError(await api("GET", `${path}?page=1000000`, { role: "viewer" }), 400, 40000);
  });
});

describe("deeply nested JSON", () => {
  it("is a 400 naming the field, not a 500, and writes nothing", async () => {
    const request = invoiceRequest({ order_data: "NESTED" });
    // Written as text: the client's own JSON.stringify could not serialize 5,000 levels.
    const nested = `${'{"child":'.repeat(5000)}"leaf"${"}".repeat(5000)}`;
    const rawBody = JSON.stringify(request).replace('"NESTED"', nested);
    const refused = expectError(await api("POST", "/invoice/intent", { role: "finance", rawBody, headers: { "Content-Type": "application/json" } }), 400, 40000);
    expect(refused.errors?.[0]).toMatchObject({ field: "order_data.child", message: expect.stringContaining("nest deeper") });
    const listed = await listInvoices({ recipient_email: request.recipient_email as string });
    expect(listed.body.paging.total_count).toBe(0);
  });

  it("accepts ordinary merchant metadata a few levels deep", async () => {
    const request = invoiceRequest({ order_data: { order: { lines: [{ sku: "A-1", tags: ["x"] }] } } });
    const created = await api("POST", "/invoice/intent", { role: "finance", body: request });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });
});

describe("the API's loose ends (issue 11 §4)", () => {
  it("refuses a timestamp without a time zone, saying an offset is needed", async () => {
    const request = invoiceRequest({ invoice_issue_date: "2026-03-01T10:00:00" });
    const refused = expectError(await api("POST", "/invoice/intent", { role: "finance", body: request }), 400, 40000);
    expect(refused.errors?.[0]).toMatchObject({ field: "invoice_issue_date", message: expect.stringContaining("needs a time zone") });
    for (const accepted of ["2026-03-01T10:00:00Z", "2026-03-01T10:00:00+08:00", "2026-03-01"]) {
      const created = await api("POST", "/invoice/intent", { role: "finance", body: invoiceRequest({ invoice_issue_date: accepted }) });
      expect(created.status, `${accepted}: ${JSON.stringify(created.body)}`).toBe(200);
    }
  });

  it("an empty PUT on a pending invoice changes nothing and writes no log row; on a rejected one it resubmits", async () => {
    const invoice = (await api("POST", "/invoice/intent", { role: "finance", body: invoiceRequest() })).body.data;
    const unchanged = await api("PUT", `/invoice/intent/${invoice.id}`, { role: "finance", body: {} });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data.updated_at).toBe(invoice.updated_at);
    const logs = async () => (await api("GET", `/invoice/intent/${invoice.id}/logs`, { role: "viewer" })).body.data.map((log: { reason: string }) => log.reason);
    expect(await logs()).toEqual(["created"]);
    await api("POST", `/invoice/intent/${invoice.id}/reject`, { role: "approver", body: { reason: "wrong amount" } });
    expect((await api("PUT", `/invoice/intent/${invoice.id}`, { role: "finance", body: {} })).body.data.status).toBe("approval_pending");
    expect(await logs()).toEqual(["created", "wrong amount", "resubmitted"]);
  });

  it("signing an invoice that needs no refund refuses a refund reason or files instead of dropping them", async () => {
    const created = (await api("POST", "/invoice/intent", { role: "finance", body: invoiceRequest() })).body.data;
    const approved = (await api("POST", `/invoice/intent/${created.id}/approve`, { role: "approver" })).body.data;
    await api("POST", "/sandbox/pay", { role: "admin", body: { payment_address: approved.payment_intent.payment_address, amount: "125.5" } });
    for (const body of [{ refund_reason: "just because" }, { refund_attachments: ["file_1"] }]) {
      const refused = expectError(await api("POST", `/invoice/intent/${created.id}/sign`, { role: "admin", body }), 400, 40000);
      expect(refused.errors?.[0]?.message).toContain("nothing will be refunded");
    }
    expect((await api("POST", `/invoice/intent/${created.id}/sign`, { role: "admin" })).body.data.status).toBe("signed");
  });

  it("refunding an underpaid invoice that reached payment_review leaves its payment insufficient_refunded", async () => {
    const created = (await api("POST", "/invoice/intent", { role: "finance", body: invoiceRequest() })).body.data;
    const approved = (await api("POST", `/invoice/intent/${created.id}/approve`, { role: "approver" })).body.data;
    const late = approved.payment_intent.payment_deadline + 60;
    const paid = await api("POST", "/sandbox/pay", {
      role: "admin",
      body: { payment_address: approved.payment_intent.payment_address, amount: "100", timestamp: late },
    });
    expect(paid.body.data.invoice.status).toBe("payment_review");
    const refunded = await api("POST", `/invoice/intent/${created.id}/refund`, {
      role: "admin",
      body: { refund_address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", refund_reason: "late and short", refund_attachments: [] },
    });
    expect(refunded.body.data).toMatchObject({ status: "refunded", payment_intent: { status: "insufficient_refunded", refund_crypto_amount: "100" } });
  });
});

describe("a wrong method on an existing path", () => {
  it.each([
    ["DELETE", "/invoice/intent/inv_x", "GET, PUT"],
    ["PATCH", "/payout/intent/po_x", "GET, PUT"],
    ["GET", "/invoice/intent/inv_x/approve", "POST"],
    ["PUT", "/payout/intents", "GET"],
    ["POST", "/me", "GET"],
  ])("%s %s answers 405/40500 in the error envelope with Allow: %s", async (method, path, allow) => {
    const response = await api(method, path, { role: "admin", body: method === "GET" ? undefined : {} });
    const error = expectError(response, 405, 40500);
    expect(error.message).toContain(method);
    expect(response.headers.get("allow")).toBe(allow);
  });
});

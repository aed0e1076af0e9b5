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

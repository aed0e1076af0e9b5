import { describe, expect, it } from "vitest";
import { api, createInvoice, expectError, invoiceRequest, user } from "./support";

describe("POST /invoice/intent", () => {
  it("creates an approval_pending invoice with an awaiting_approval payment and a created log row", async () => {
    const request = invoiceRequest();
    const response = await api("POST", "/invoice/intent", { role: "finance", body: request });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    const invoice = response.body.data;
    expect(response.body.code).toBe(0);
    expect(invoice.status).toBe("approval_pending");
    expect(invoice.invoice_id).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(invoice.payment_intent.status).toBe("awaiting_approval");
    expect(invoice.payment_intent.crypto_amount).toBe("125.5");
    expect(invoice.payment_intent.token_address).toBe("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
    expect(invoice.payment_intent.decimals).toBe(6);
    expect(invoice.payment_intent.payer_address).toBeNull();
    expect(invoice.recipient_email).toBe(request.recipient_email);

    const logs = await api("GET", `/invoice/intent/${invoice.id}/logs`, { role: "viewer" });
    expect(logs.status).toBe(200);
    expect(logs.body.data).toHaveLength(1);
    expect(logs.body.data[0]).toMatchObject({
      invoice_id: invoice.id,
      from_status: "",
      to_status: "approval_pending",
      operator_uid: user("finance").uid,
      reason: "created",
    });
  });

  it("refuses an amount that differs from the line-item total, naming both values", async () => {
    const response = await api("POST", "/invoice/intent", { role: "finance", body: invoiceRequest({ amount: "125.49" }) });
    const error = expectError(response, 400, 40000);
    expect(error.message).toContain("125.49");
    expect(error.message).toContain("125.5");
    expect(error.errors?.[0]?.field).toBe("amount");
  });
});

describe("GET /invoice/intent/{id}", () => {
  it("returns the invoice to its own organization and 404 to another", async () => {
    const invoice = await createInvoice();
    const own = await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" });
    expect(own.status).toBe(200);
    expect(own.body.data.id).toBe(invoice.id);
    const foreign = await api("GET", `/invoice/intent/${invoice.id}`, { role: "admin", orgIndex: 1 });
    expectError(foreign, 404, 40400);
  });
});

import { describe, expect, it } from "vitest";
import { api, createInvoice, expectError, RACE_MODE, user } from "./support";

async function put(id: string, body: unknown, role: "finance" | "admin" = "finance") {
  return api("PUT", `/invoice/intent/${id}`, { role, body });
}

async function logsOf(id: string) {
  return (await api("GET", `/invoice/intent/${id}/logs`, { role: "viewer" })).body.data as any[];
}

describe("PUT /invoice/intent/{id} in approval_pending", () => {
  it("edits the given fields, keeps the rest, and logs approval_pending → approval_pending 'updated'", async () => {
    const invoice = await createInvoice();
    const changes = {
      recipient_name: "Renamed Recipient",
      recipient_email: `Renamed-${invoice.recipient_email}`,
      organization_name: "Renamed Org",
      organization_email: `ap-${invoice.organization_email}`,
      description: "Edited description",
      attachment: { file_id: "file_edited" },
      invoice_issue_date: "2026-03-01",
      payment_method_type: "fiat",
      bank_account_id: 77,
      payout_target_address: "0x000000000000000000000000000000000000dEaD",
      payout_target_sol_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      payout_target_tron_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      payout_addresses: { evm: "0x000000000000000000000000000000000000dEaD" },
      allow_any_chain: true,
      allow_any_token: true,
    };
    const response = await put(invoice.id, changes);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const updated = response.body.data;
    expect(updated).toMatchObject({
      id: invoice.id,
      invoice_id: invoice.invoice_id,
      status: "approval_pending",
      recipient_name: "Renamed Recipient",
      recipient_email: changes.recipient_email.toLowerCase(),
      organization_name: "Renamed Org",
      organization_email: changes.organization_email,
      description: "Edited description",
      attachment: { file_id: "file_edited" },
      invoice_issue_date: "2026-03-01T00:00:00.000Z",
      allow_any_chain: true,
      allow_any_token: true,
      payment_terms: invoice.payment_terms,
      detail_items: invoice.detail_items,
    });
    expect(updated.payment_intent).toMatchObject({
      status: "awaiting_approval",
      payment_method_type: "fiat",
      bank_account_id: 77,
      payout_target_address: changes.payout_target_address,
      payout_target_sol_address: changes.payout_target_sol_address,
      payout_target_tron_address: changes.payout_target_tron_address,
      payout_addresses: changes.payout_addresses,
      crypto_amount: invoice.payment_intent.crypto_amount,
      payment_intent_id: invoice.payment_intent.payment_intent_id,
    });
    expect((await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" })).body.data).toEqual(updated);

    const logs = await logsOf(invoice.id);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatchObject({
      invoice_id: invoice.id,
      from_status: "approval_pending",
      to_status: "approval_pending",
      operator_uid: user("finance").uid,
      reason: "updated",
    });
    expect(logs[1].id).toBeGreaterThan(logs[0].id);
  });

  it("every PUT writes exactly one log row, by the caller", async () => {
    const invoice = await createInvoice();
    await put(invoice.id, { description: "one" });
    await put(invoice.id, { description: "two" }, "admin");
    const logs = await logsOf(invoice.id);
    expect(logs.map((log) => [log.reason, log.operator_uid])).toEqual([
      ["created", user("finance").uid],
      ["updated", user("finance").uid],
      ["updated", user("admin").uid],
    ]);
  });

  it("new detail_items replace the old ones and recompute amount and crypto_amount", async () => {
    const invoice = await createInvoice();
    const detail_items = [{ name: "Only line", quantity: 3, unit_price: 10.25, tax: 1.5 }];
    const response = await put(invoice.id, { detail_items });
    expect(response.status).toBe(200);
    expect(response.body.data.detail_items).toEqual(detail_items);
    expect(response.body.data.amount).toBe("32.25");
    expect(response.body.data.payment_intent.crypto_amount).toBe("32.25");
  });

  it("for a fiat invoice, new detail_items recompute the fiat amount and re-price the crypto amount", async () => {
    const invoice = await createInvoice({
      overrides: {
        pricing_mode: "fiat",
        currency: "TWD",
        amount: "325",
        detail_items: [{ name: "Consulting", quantity: 1, unit_price: 325 }],
      },
    });
    expect(invoice.payment_intent.crypto_amount).toBe("10");
    const response = await put(invoice.id, { detail_items: [{ name: "Consulting", quantity: 2, unit_price: 500 }] });
    expect(response.body.data.amount).toBe("1000.00");
    expect(response.body.data.payment_intent).toMatchObject({
      fiat_amount: "1000.00",
      fiat_currency: "TWD",
      crypto_price: "32.5",
      crypto_amount: "30.769231",
    });
  });

  it("a chain and token change re-prices on the new token's contract and decimals", async () => {
    const invoice = await createInvoice({
      overrides: {
        pricing_mode: "fiat",
        currency: "TWD",
        amount: "1000",
        detail_items: [{ name: "Consulting", quantity: 1, unit_price: 1000 }],
      },
    });
    const response = await put(invoice.id, { chain: "bsc", pay_token: "USDT" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.payment_intent).toMatchObject({
      payment_chain_id: "bsc",
      symbol: "USDT",
      token_address: "0x55d398326f99059fF775485246999027B3197955",
      decimals: 18,
      crypto_amount: "30.769230769230769231",
      fiat_amount: "1000.00",
    });
  });

  it("a chain change alone keeps the token symbol and takes that chain's contract", async () => {
    const invoice = await createInvoice();
    const response = await put(invoice.id, { chain: "sol" });
    expect(response.body.data.payment_intent).toMatchObject({
      payment_chain_id: "sol",
      symbol: "USDC",
      token_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      crypto_amount: "125.5",
    });
  });

  it("an unsupported pair after the change → 422/42200 and nothing changes", async () => {
    const invoice = await createInvoice({ overrides: { pay_token: "USDT" } });
    expectError(await put(invoice.id, { chain: "base" }), 422, 42200);
    expectError(await put(invoice.id, { chain: "dogecoin" }), 422, 42200);
    expect((await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" })).body.data).toEqual(invoice);
    expect(await logsOf(invoice.id)).toHaveLength(1);
  });

  it("moving a crypto amount with 18-decimal precision to a 6-decimal chain → 400 naming chain, never rounding", async () => {
    const invoice = await createInvoice({
      overrides: {
        chain: "bsc",
        amount: "12.345678901",
        detail_items: [{ name: "Metered", quantity: 1, unit_price: 12.345678901 }],
      },
    });
    const error = expectError(await put(invoice.id, { chain: "arb" }), 400, 40000);
    expect(error.errors?.[0]?.field).toBe("chain");
    expect(error.message).toContain("12.345678901");
  });

  it("changing payment_terms or the issue date moves the not-yet-approved payment deadline", async () => {
    const invoice = await createInvoice({ overrides: { payment_terms: 30, invoice_issue_date: "2030-01-01" } });
    expect(invoice.payment_intent.payment_deadline).toBe(Date.UTC(2030, 0, 31) / 1000);
    const response = await put(invoice.id, { payment_terms: 60 });
    expect(response.body.data.payment_terms).toBe(60);
    expect(response.body.data.payment_intent.payment_deadline).toBe(Date.UTC(2030, 2, 2) / 1000);
    const moved = await put(invoice.id, { invoice_issue_date: "2030-02-01" });
    expect(moved.body.data.payment_intent.payment_deadline).toBe(Date.UTC(2030, 3, 2) / 1000);
  });

  it("a deadline the merchant set explicitly is kept", async () => {
    const invoice = await createInvoice({ overrides: { payment_deadline: 4_102_444_800 } });
    const response = await put(invoice.id, { payment_terms: 60 });
    expect(response.body.data.payment_intent.payment_deadline).toBe(4_102_444_800);
  });

  it("server-owned fields in a PUT body are ignored", async () => {
    const invoice = await createInvoice();
    const response = await put(invoice.id, {
      status: "signed",
      id: "inv_other",
      invoice_id: "INV-0000-000001",
      amount: "1",
      received_crypto_amount: "999",
      payment_intent: { status: "success" },
      org_id: 999,
      description: "only this changes",
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: invoice.id,
      invoice_id: invoice.invoice_id,
      status: "approval_pending",
      amount: invoice.amount,
      description: "only this changes",
    });
    expect(response.body.data.payment_intent).toMatchObject({
      status: "awaiting_approval",
      received_crypto_amount: null,
      org_id: invoice.payment_intent.org_id,
      crypto_amount: invoice.payment_intent.crypto_amount,
    });
  });

  it("an unknown id → 404/40400", async () => {
    expectError(await put("inv_000000000000000000000000", { description: "x" }), 404, 40400);
  });
});

describe("PUT /invoice/intent/{id} outside approval_pending and rejected", () => {
  it("an approved invoice → 409/40900 naming the current status, and nothing changes", async () => {
    const invoice = await createInvoice({ role: "finance" });
    const approved = await api("POST", `/invoice/intent/${invoice.id}/approve`, { role: "approver" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const error = expectError(await put(invoice.id, { description: "too late" }), 409, 40900);
    expect(error.message).toContain("approved");
    const after = await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" });
    expect(after.body.data).toEqual(approved.body.data);
    expect((await logsOf(invoice.id)).map((log) => log.to_status)).toEqual(["approval_pending", "approved"]);
  });

  it("a cancelled invoice → 409/40900 naming cancelled", async () => {
    const invoice = await createInvoice();
    const cancelled = await api("POST", `/invoice/intent/${invoice.id}/cancel`, { role: "finance" });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const error = expectError(await put(invoice.id, { detail_items: [{ name: "x", quantity: 1, unit_price: 1 }] }), 409, 40900);
    expect(error.message).toContain("cancelled");
    expect((await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" })).body.data).toEqual(cancelled.body.data);
  });

  it(`concurrent PUTs on one invoice are each applied and each write their own log row; none is lost ${RACE_MODE}`, async () => {
    const invoice = await createInvoice();
    const writers = Array.from({ length: 5 }, (_, index) => `writer ${index}`);
    const responses = await Promise.all(writers.map((description) => put(invoice.id, { description })));
    // Edits of a record under review do not exclude each other: each waits its turn and applies.
    for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(200);
    const logs = await logsOf(invoice.id);
    expect(logs.filter((log: { reason: string }) => log.reason === "updated")).toHaveLength(writers.length);
    expect(writers).toContain((await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" })).body.data.description);
  });
});

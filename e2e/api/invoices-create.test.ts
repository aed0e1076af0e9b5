import { describe, expect, it } from "vitest";
import { api, countMatching, createInvoice, expectError, invoiceRequest, org, RACE_MODE, user } from "./support";

type JsonType = "string" | "integer" | "boolean" | "object" | "array" | "null";

function jsonType(value: unknown): JsonType | "number" | "undefined" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as JsonType;
}

// Spec 2.2, field by field: name → JSON type.
const INVOICE_FIELDS: Record<string, JsonType> = {
  id: "string",
  invoice_id: "string",
  payment_intent: "object",
  status: "string",
  recipient_name: "string",
  recipient_email: "string",
  organization_name: "string",
  organization_email: "string",
  payment_terms: "integer",
  detail_items: "array",
};

// Spec 2.4, with the value a freshly created invoice must carry: a type, or null for the
// payment-related nullable fields.
const NEW_PAYMENT_INTENT_FIELDS: Record<string, JsonType> = {
  payment_intent_id: "string",
  client_id: "string",
  org_id: "integer",
  pricing_mode: "string",
  payment_chain_id: "string",
  payment_address: "string",
  payer_address: "null",
  token_address: "string",
  symbol: "string",
  decimals: "integer",
  crypto_amount: "string",
  fiat_amount: "null",
  fiat_currency: "null",
  payment_deadline: "integer",
  status: "string",
  payment_tx_hash: "null",
  payment_tx_timestamp: "null",
  aggregation_tx_hash: "null",
  refund_tx_hash: "null",
  received_crypto_amount: "null",
  aggregated_crypto_amount: "null",
  refund_crypto_amount: "null",
  order_data: "null",
  callback_url: "null",
  group_key: "null",
  kg_deep_link: "null",
  payment_method_type: "string",
  swap_enabled: "boolean",
  payout_target_address: "null",
  payout_target_sol_address: "null",
  payout_target_tron_address: "null",
  payout_addresses: "object",
  exact_out_amount: "null",
  kg_fee_amount: "null",
  aggregation_tx_timestamp: "null",
  finalized_timestamp: "null",
  partial_refund_tx_hash: "null",
  partial_refund_amount: "null",
  partial_refund_address: "null",
  crypto_price: "null",
  target_chain_id: "null",
  target_token_address: "null",
  bank_account_id: "null",
  kya_risk: "null",
  large_transaction_risk: "null",
  kya_risk_address: "null",
  kya_risk_counter_party: "null",
  transaction_frequency_risk: "null",
  total_weighted_risk_score: "null",
  quick_in_out_risk: "null",
  dormant_account_risk: "null",
  volume_spike_risk: "null",
  structuring_risk: "null",
  kya_accumulation_risk: "null",
  business_pattern_risk: "null",
  kya_record: "object",
};

function typesOf(record: Record<string, unknown>, fields: Record<string, JsonType>) {
  return Object.fromEntries(Object.keys(fields).map((field) => [field, jsonType(record[field])]));
}

describe("POST /invoice/intent: the record", () => {
  it("carries every field of spec 2.2, 2.4 and 2.5 with its JSON type, nulls where nothing happened yet", async () => {
    const request = invoiceRequest();
    const response = await api("POST", "/invoice/intent", { role: "finance", body: request });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(0);
    const invoice = response.body.data;

    expect(typesOf(invoice, INVOICE_FIELDS)).toEqual(INVOICE_FIELDS);
    expect(typesOf(invoice.payment_intent, NEW_PAYMENT_INTENT_FIELDS)).toEqual(NEW_PAYMENT_INTENT_FIELDS);
    expect(invoice.status).toBe("approval_pending");
    expect(invoice.payment_intent).toMatchObject({
      status: "awaiting_approval",
      client_id: org(0).client_id,
      org_id: org(0).org_id,
      pricing_mode: "crypto",
      payment_chain_id: "arb",
      symbol: "USDC",
      decimals: 6,
      crypto_amount: "125.5",
      payment_method_type: "crypto",
      swap_enabled: false,
      payout_addresses: {},
    });
    expect(invoice.payment_intent.payment_intent_id).not.toBe(invoice.id);
    expect(invoice.payment_intent.payment_deadline).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(invoice).toMatchObject({
      recipient_name: request.recipient_name,
      recipient_email: request.recipient_email,
      organization_name: request.organization_name,
      organization_email: request.organization_email,
      payment_terms: 7,
    });

    // Spec 2.5: name string, quantity/unit_price numbers, tax an optional number.
    expect(invoice.detail_items).toEqual(request.detail_items);
    for (const item of invoice.detail_items) {
      expect(typeof item.name).toBe("string");
      expect(typeof item.quantity).toBe("number");
      expect(typeof item.unit_price).toBe("number");
      if ("tax" in item) expect(typeof item.tax).toBe("number");
    }

    const fetched = await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" });
    expect(fetched.body.data).toEqual(invoice);
  });

  it("keeps the optional request fields it was given", async () => {
    const request = invoiceRequest({
      order_data: { order: 42, tags: ["a"] },
      callback_url: "https://hooks.example.test/studio",
      group_key: "group-7",
      payout_target_address: "0x000000000000000000000000000000000000dEaD",
      payout_addresses: { evm: "0x000000000000000000000000000000000000dEaD" },
      swap_enabled: true,
      description: "Two widgets and a setup fee",
      attachment: { file_id: "file_abc" },
      invoice_issue_date: "2026-01-31",
      payment_method_type: "fiat",
      allow_any_chain: true,
      allow_any_token: true,
      bank_account_id: 12,
      payment_deadline: 4_102_444_800,
    });
    const invoice = await createInvoice({ overrides: request });
    expect(invoice.payment_intent).toMatchObject({
      order_data: { order: 42, tags: ["a"] },
      callback_url: "https://hooks.example.test/studio",
      group_key: "group-7",
      payout_target_address: "0x000000000000000000000000000000000000dEaD",
      payout_addresses: { evm: "0x000000000000000000000000000000000000dEaD" },
      swap_enabled: true,
      payment_method_type: "fiat",
      bank_account_id: 12,
      payment_deadline: 4_102_444_800,
    });
    expect(invoice).toMatchObject({
      description: "Two widgets and a setup fee",
      attachment: { file_id: "file_abc" },
      invoice_issue_date: "2026-01-31T00:00:00.000Z",
      allow_any_chain: true,
      allow_any_token: true,
    });
  });

  it("stores emails lower-cased", async () => {
    const request = invoiceRequest();
    const invoice = await createInvoice({ overrides: { recipient_email: request.recipient_email.toUpperCase() } });
    expect(invoice.recipient_email).toBe(request.recipient_email);
  });
});

describe("POST /invoice/intent: pricing", () => {
  it("fiat USD prices the token 1:1 and keeps the fiat amount to the cent", async () => {
    const invoice = await createInvoice({
      overrides: { pricing_mode: "fiat", currency: "USD", amount: "125.50" },
    });
    expect(invoice.payment_intent).toMatchObject({
      pricing_mode: "fiat",
      fiat_amount: "125.50",
      fiat_currency: "USD",
      crypto_price: "1",
      crypto_amount: "125.5",
    });
  });

  it("fiat TWD divides by the configured rate 32.5 and rounds up to the token's 6 decimals", async () => {
    const invoice = await createInvoice({
      overrides: {
        pricing_mode: "fiat",
        currency: "TWD",
        amount: "1000",
        detail_items: [{ name: "Consulting", quantity: 1, unit_price: 1000 }],
      },
    });
    // 1000 / 32.5 = 30.769230769…; rounding up (never short-changing the merchant) gives …231.
    expect(invoice.payment_intent).toMatchObject({
      fiat_amount: "1000.00",
      fiat_currency: "TWD",
      crypto_price: "32.5",
      crypto_amount: "30.769231",
      decimals: 6,
    });
  });

  it("fiat TWD on bsc rounds up at 18 decimals", async () => {
    const invoice = await createInvoice({
      overrides: {
        pricing_mode: "fiat",
        currency: "TWD",
        amount: "1000",
        chain: "bsc",
        pay_token: "USDT",
        detail_items: [{ name: "Consulting", quantity: 1, unit_price: 1000 }],
      },
    });
    const units = (100_000n * 10n ** 18n * 10n + 325n * 100n - 1n) / (325n * 100n);
    expect(units.toString()).toBe("30769230769230769231");
    expect(invoice.payment_intent).toMatchObject({
      crypto_amount: "30.769230769230769231",
      decimals: 18,
      symbol: "USDT",
      token_address: "0x55d398326f99059fF775485246999027B3197955",
      payment_chain_id: "bsc",
    });
  });

  it("an exact TWD division is not rounded", async () => {
    const invoice = await createInvoice({
      overrides: {
        pricing_mode: "fiat",
        currency: "TWD",
        amount: "325",
        detail_items: [{ name: "Consulting", quantity: 1, unit_price: 325 }],
      },
    });
    expect(invoice.payment_intent.crypto_amount).toBe("10");
  });

  it("crypto mode on bsc accepts amounts with more than 6 decimals", async () => {
    const invoice = await createInvoice({
      overrides: {
        chain: "bsc",
        pay_token: "USDC",
        amount: "12.345678901",
        detail_items: [{ name: "Metered", quantity: 1, unit_price: 12.345678901 }],
      },
    });
    expect(invoice.payment_intent).toMatchObject({
      crypto_amount: "12.345678901",
      decimals: 18,
      token_address: "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d",
      fiat_amount: null,
    });
  });

  it("uses the registry's contract for every supported pair", async () => {
    const cases = [
      ["eth", "USDT", "0xdAC17F958D2ee523a2206206994597C13D831ec7", 6],
      ["base", "USDC", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", 6],
      ["optimism", "USDC", "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", 6],
      ["polygon", "USDT", "0xc2132D05D31c914a87C6611C10748AEb04B58e8F", 6],
      ["tron", "USDT", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", 6],
      ["sol", "USDC", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", 6],
    ] as const;
    const created = await Promise.all(
      cases.map(([chain, pay_token]) => createInvoice({ overrides: { chain, pay_token } })),
    );
    created.forEach((invoice, index) => {
      const [chain, symbol, address, decimals] = cases[index]!;
      expect(invoice.payment_intent).toMatchObject({ payment_chain_id: chain, symbol, token_address: address, decimals });
    });
  });
});

describe("POST /invoice/intent: invoice_id", () => {
  it(`is human-readable and unique within an organization, also under concurrent creation ${RACE_MODE}`, async () => {
    const created = await Promise.all(Array.from({ length: 8 }, () => createInvoice()));
    const numbers = created.map((invoice) => invoice.invoice_id);
    for (const number of numbers) expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(new Set(numbers).size).toBe(numbers.length);
    const ids = new Set(created.map((invoice) => invoice.id));
    expect(ids.size).toBe(created.length);
  });

  it("counts per organization: the second organization has its own sequence", async () => {
    const first = await createInvoice({ orgIndex: 1 });
    const second = await createInvoice({ orgIndex: 1 });
    const sequence = (invoiceId: string) => Number(invoiceId.slice(-6));
    expect(sequence(second.invoice_id)).toBeGreaterThan(sequence(first.invoice_id));
    // The demo organization holds 200+ invoices; the second one started from 1.
    expect(sequence(first.invoice_id)).toBeLessThan(200);
  });
});

describe("POST /invoice/intent: chain and token", () => {
  it("refuses USDT on base with 422/42200 naming the pair, and writes nothing", async () => {
    const request = invoiceRequest({ chain: "base", pay_token: "USDT" });
    const response = await api("POST", "/invoice/intent", { role: "finance", body: request });
    const error = expectError(response, 422, 42200);
    expect(error.message).toContain("USDT");
    expect(error.message).toContain("base");
    expect(error.errors?.[0]?.field).toBe("pay_token");
    expect(await countMatching(request.recipient_email)).toBe(0);
  });

  it("refuses an unknown chain with 422/42200 naming the chain", async () => {
    const request = invoiceRequest({ chain: "dogecoin" });
    const error = expectError(await api("POST", "/invoice/intent", { role: "finance", body: request }), 422, 42200);
    expect(error.message).toContain("dogecoin");
    expect(error.errors?.[0]?.field).toBe("chain");
    expect(await countMatching(request.recipient_email)).toBe(0);
  });
});

describe("POST /invoice/intent: amount", () => {
  it("refuses an amount that is not the line-item total, naming both values", async () => {
    const request = invoiceRequest({ amount: "100" });
    const error = expectError(await api("POST", "/invoice/intent", { role: "finance", body: request }), 400, 40000);
    expect(error.message).toContain("100");
    expect(error.message).toContain("125.5");
    expect(error.errors).toEqual([{ field: "amount", message: expect.stringContaining("125.5") }]);
    expect(await countMatching(request.recipient_email)).toBe(0);
  });

  it("computes the total exactly in decimal (0.1 × 3 + 0.2 = 0.5, not 0.5000000000000001)", async () => {
    const invoice = await createInvoice({
      overrides: {
        amount: "0.5",
        detail_items: [
          { name: "Dime", quantity: 3, unit_price: 0.1 },
          { name: "Tax-only line", quantity: 1, unit_price: 0, tax: 0.2 },
        ],
      },
    });
    expect(invoice.payment_intent.crypto_amount).toBe("0.5");
  });

  it("compares fiat amounts to the cent: 10.00 equals items totalling 10", async () => {
    const invoice = await createInvoice({
      overrides: {
        pricing_mode: "fiat",
        currency: "USD",
        amount: "10.00",
        detail_items: [{ name: "Ten", quantity: 4, unit_price: 2.5 }],
      },
    });
    expect(invoice.payment_intent.fiat_amount).toBe("10.00");
  });
});

describe("POST /invoice/intent: X-Client-ID", () => {
  it("is required: 400/40001", async () => {
    const request = invoiceRequest();
    const response = await api("POST", "/invoice/intent", { role: "finance", clientId: null, body: request });
    const error = expectError(response, 400, 40001);
    expect(error.message).toContain("X-Client-ID");
    expect(await countMatching(request.recipient_email)).toBe(0);
  });

  it("must be a client id of the key's organization: unknown → 403/40301", async () => {
    const request = invoiceRequest();
    const response = await api("POST", "/invoice/intent", { role: "finance", clientId: "cli_unknown", body: request });
    expect(expectError(response, 403, 40301).message).toContain("X-Client-ID");
    expect(await countMatching(request.recipient_email)).toBe(0);
  });

  it("another organization's client id → 403/40301, the same answer as an unknown one", async () => {
    const request = invoiceRequest();
    const response = await api("POST", "/invoice/intent", { role: "finance", clientId: org(1).client_id, body: request });
    const unknown = await api("POST", "/invoice/intent", { role: "finance", clientId: "cli_unknown", body: request });
    expect(expectError(response, 403, 40301).message).toBe(expectError(unknown, 403, 40301).message);
    expect(await countMatching(request.recipient_email)).toBe(0);
    expect(await countMatching(request.recipient_email, 1)).toBe(0);
  });

  it("a body client_id must equal the header: 400/40002", async () => {
    const request = invoiceRequest({ client_id: org(1).client_id });
    const error = expectError(await api("POST", "/invoice/intent", { role: "finance", body: request }), 400, 40002);
    expect(error.errors?.[0]?.field).toBe("client_id");
    expect(await countMatching(request.recipient_email)).toBe(0);
  });

  it("a body client_id that is not a string also mismatches", async () => {
    const request = invoiceRequest({ client_id: 7 });
    expectError(await api("POST", "/invoice/intent", { role: "finance", body: request }), 400, 40002);
  });

  it("a body client_id equal to the header is accepted", async () => {
    const invoice = await createInvoice({ overrides: { client_id: org(0).client_id } });
    expect(invoice.payment_intent.client_id).toBe(org(0).client_id);
  });
});

describe("POST /invoice/intent: unknown and server-owned fields", () => {
  it("ignores unknown fields and never lets the body set status, ids, amounts received or org", async () => {
    const request = invoiceRequest({
      status: "signed",
      id: "inv_chosen_by_caller",
      invoice_id: "INV-9999-999999",
      org_id: org(1).org_id,
      received_crypto_amount: "999",
      payment_intent: { status: "success", payment_intent_id: "pi_mine", received_crypto_amount: "999", org_id: 2 },
      creator_uid: user("admin").uid,
      favourite_colour: "teal",
    });
    const response = await api("POST", "/invoice/intent", { role: "finance", body: request });
    expect(response.status).toBe(200);
    const invoice = response.body.data;
    expect(invoice.status).toBe("approval_pending");
    expect(invoice.id).not.toBe("inv_chosen_by_caller");
    expect(invoice.invoice_id).not.toBe("INV-9999-999999");
    expect(invoice.invoice_id).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(invoice.creator_uid).toBe(user("finance").uid);
    expect(invoice).not.toHaveProperty("favourite_colour");
    expect(invoice.payment_intent).toMatchObject({
      status: "awaiting_approval",
      org_id: org(0).org_id,
      received_crypto_amount: null,
    });
    expect(invoice.payment_intent.payment_intent_id).not.toBe("pi_mine");
    const stored = await api("GET", `/invoice/intent/${invoice.id}`, { role: "viewer" });
    expect(stored.body.data).toEqual(invoice);
  });
});

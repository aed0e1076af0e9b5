// POST /payment/intent, GET /payment/intent/{id} (spec 4.3, 2.4; product-decisions §3, §4):
// both pricing modes, the documented defaults, every field's refusals, permissions and isolation.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { api, createInvoice, createPaymentIntent, expectError, getPaymentIntent, invoiceRequest, listPaymentIntents, org, PAYOUT_TARGET, REFUND_ADDRESS } from "./support";

const nowSeconds = () => Math.floor(Date.now() / 1000);
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

describe("create", () => {
  it("crypto pricing: pending, a live deposit address, the §2.4 record; GET returns the same", async () => {
    const before = nowSeconds();
    const created = await createPaymentIntent({
      crypto_amount: "12.345678",
      callback_url: "https://shop.example.test/hooks",
      order_data: { order: "A-1", lines: [1, 2] },
      payout_target_address: PAYOUT_TARGET.evm,
      swap_enabled: true,
    });
    expect(created).toMatchObject({
      client_id: org(0).client_id,
      org_id: org(0).org_id,
      pricing_mode: "crypto",
      payment_chain_id: "arb",
      token_address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
      symbol: "USDC",
      decimals: 6,
      crypto_amount: "12.345678",
      fiat_amount: null,
      fiat_currency: null,
      crypto_price: null,
      status: "pending",
      status_category: "awaiting_payment",
      payer_address: null,
      payment_tx_hash: null,
      received_crypto_amount: null,
      order_data: { order: "A-1", lines: [1, 2] },
      callback_url: "https://shop.example.test/hooks",
      payout_target_address: PAYOUT_TARGET.evm,
      swap_enabled: true,
      payment_method_type: "crypto",
    });
    expect(created.payment_intent_id).toMatch(/^pi_[0-9a-f]{24}$/);
    expect(created.payment_address).toMatch(EVM_ADDRESS);
    expect(created.payment_deadline).toBeGreaterThanOrEqual(before + 3600);
    expect(created.payment_deadline).toBeLessThanOrEqual(nowSeconds() + 3600);
    expect(await getPaymentIntent(created.payment_intent_id)).toEqual(created);
  });

  it("fiat pricing, the spec's example body (fiat_amount, fiat_currency, callback_url, order_data): priced by the rate, rounded up", async () => {
    const created = await createPaymentIntent({ crypto_amount: undefined, fiat_amount: "1000", fiat_currency: "TWD", order_data: { cart: "x" } });
    expect(created).toMatchObject({ pricing_mode: "fiat", fiat_amount: "1000.00", fiat_currency: "TWD", crypto_price: env.TWD_PER_USD });
    // ceil(1000 / rate) at 6 decimals, by integer arithmetic.
    const [whole, fraction = ""] = env.TWD_PER_USD.split(".");
    const rateUnits = BigInt(whole + fraction);
    const top = 1000n * 10n ** 6n * 10n ** BigInt(fraction.length);
    const micro = (top + rateUnits - 1n) / rateUnits;
    const text = micro.toString().padStart(7, "0");
    expect(created.crypto_amount).toBe(`${text.slice(0, -6)}.${text.slice(-6)}`.replace(/\.?0+$/, ""));
  });

  it("defaults: chain arb, USDC, USD for fiat, a deadline one hour out; pricing_mode follows the amount sent", async () => {
    const response = await api("POST", "/payment/intent", { role: "finance", body: { fiat_amount: "25.5" } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      pricing_mode: "fiat",
      payment_chain_id: "arb",
      symbol: "USDC",
      fiat_currency: "USD",
      fiat_amount: "25.50",
      crypto_amount: "25.5",
      crypto_price: "1",
      group_key: null,
      callback_url: null,
      order_data: null,
    });
    expect(Math.abs(response.body.data.payment_deadline - (nowSeconds() + 3600))).toBeLessThan(30);
  });

  it("bsc USDT rounds at 18 decimals; tron and sol deposit addresses are in their own formats", async () => {
    const bsc = await createPaymentIntent({ chain: "bsc", pay_token: "USDT", crypto_amount: "1.000000000000000001" });
    expect(bsc).toMatchObject({ decimals: 18, crypto_amount: "1.000000000000000001" });
    const tron = await createPaymentIntent({ chain: "tron", pay_token: "USDT" });
    expect(tron.payment_address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const sol = await createPaymentIntent({ chain: "sol" });
    expect(sol.payment_address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it("every intent gets its own deposit address", async () => {
    const intents = await Promise.all(Array.from({ length: 8 }, () => createPaymentIntent()));
    expect(new Set(intents.map((intent) => intent.payment_address)).size).toBe(8);
  });

  it("a requested payment_deadline is kept", async () => {
    const deadline = nowSeconds() + 600;
    expect((await createPaymentIntent({ payment_deadline: deadline })).payment_deadline).toBe(deadline);
  });
});

describe("KryptoGO's limits", () => {
  it("order_data of exactly 1,000 characters serialized is taken, one more is 400; fiat_amount 0.01 is taken, less is 400 saying so", async () => {
    const exactly = { note: "x".repeat(989) };
    expect(JSON.stringify(exactly)).toHaveLength(1000);
    const taken = await api("POST", "/payment/intent", { role: "finance", body: { crypto_amount: "10", order_data: exactly } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.data.order_data).toEqual(exactly);
    const over = expectError(await api("POST", "/payment/intent", { role: "finance", body: { crypto_amount: "10", order_data: { note: "x".repeat(990) } } }), 400, 40000);
    expect(over.errors).toEqual([{ field: "order_data", message: "must be at most 1,000 characters when serialized as JSON" }]);
    const invoiceOver = await api("POST", "/invoice/intent", { role: "finance", body: { ...invoiceRequest(), order_data: { note: "x".repeat(991) } } });
    expect(expectError(invoiceOver, 400, 40000).errors?.map((issue) => issue.field)).toEqual(["order_data"]);
    const cent = await api("POST", "/payment/intent", { role: "finance", body: { fiat_amount: "0.01", fiat_currency: "USD" } });
    expect(cent.status, JSON.stringify(cent.body)).toBe(200);
    const below = expectError(await api("POST", "/payment/intent", { role: "finance", body: { fiat_amount: "0.0099", fiat_currency: "USD" } }), 400, 40000);
    expect(below.errors).toContainEqual({ field: "fiat_amount", message: "must be at least 0.01" });
  });
});

describe("validation: refused with the field named, nothing written", () => {
  const future = () => nowSeconds() + 3600;
  const cases: Array<[string, number, string, Record<string, unknown>]> = [
    ["no amount at all", 400, "fiat_amount", { crypto_amount: undefined }],
    ["both amounts", 400, "crypto_amount", { fiat_amount: "10" }],
    ["crypto_amount under fiat pricing", 400, "crypto_amount", { pricing_mode: "fiat" }],
    ["fiat pricing without fiat_amount", 400, "fiat_amount", { pricing_mode: "fiat", crypto_amount: undefined }],
    ["fiat_currency under crypto pricing", 400, "fiat_currency", { fiat_currency: "USD" }],
    ["pricing_mode outside its set", 400, "pricing_mode", { pricing_mode: "barter" }],
    ["crypto_amount as a number", 400, "crypto_amount", { crypto_amount: 10 }],
    ["crypto_amount exponent", 400, "crypto_amount", { crypto_amount: "1e3" }],
    ["crypto_amount negative", 400, "crypto_amount", { crypto_amount: "-1" }],
    ["crypto_amount zero", 400, "crypto_amount", { crypto_amount: "0" }],
    ["crypto_amount over the token's decimals", 400, "crypto_amount", { crypto_amount: "1.0000001" }],
    ["fiat_amount with fractions of a cent", 400, "fiat_amount", { crypto_amount: undefined, fiat_amount: "1.005" }],
    ["fiat_amount zero", 400, "fiat_amount", { crypto_amount: undefined, fiat_amount: "0.00" }],
    ["fiat_currency outside its set", 400, "fiat_currency", { crypto_amount: undefined, fiat_amount: "1", fiat_currency: "EUR" }],
    ["pay_token outside its set", 400, "pay_token", { pay_token: "DAI" }],
    ["chain not a string", 400, "chain", { chain: 42 }],
    ["callback_url not http(s)", 400, "callback_url", { callback_url: "ftp://x.test/hook" }],
    ["order_data not an object", 400, "order_data", { order_data: "cart" }],
    // KryptoGO's limits: order_data at most 1,000 characters serialized, fiat_amount at least 0.01.
    ["order_data over 1,000 characters serialized", 400, "order_data", { order_data: { note: "x".repeat(991) } }],
    ["fiat_amount below 0.01", 400, "fiat_amount", { crypto_amount: undefined, fiat_amount: "0.009" }],
    ["group_key blank", 400, "group_key", { group_key: "  " }],
    ["payment_deadline in milliseconds", 400, "payment_deadline", { payment_deadline: Date.now() * 1000 }],
    ["payment_deadline in the past", 400, "payment_deadline", { payment_deadline: nowSeconds() - 7200 }],
    ["payment_deadline a string", 400, "payment_deadline", { payment_deadline: String(future()) }],
    ["swap_enabled not a boolean", 400, "swap_enabled", { swap_enabled: "yes" }],
    ["payout_addresses unknown family", 400, "payout_addresses", { payout_addresses: { btc: "1abc" } }],
    ["unsupported chain", 422, "chain", { chain: "dogechain" }],
    ["token not offered on the chain", 422, "pay_token", { chain: "base", pay_token: "USDT" }],
    ["payout_target_address invalid for the chain", 422, "payout_target_address", { payout_target_address: REFUND_ADDRESS.tron }],
    ["payout_target_sol_address invalid", 422, "payout_target_sol_address", { payout_target_sol_address: REFUND_ADDRESS.evm }],
    ["payout_target_tron_address invalid", 422, "payout_target_tron_address", { payout_target_tron_address: "T123" }],
    ["payout_addresses.sol invalid", 422, "payout_addresses.sol", { payout_addresses: { sol: REFUND_ADDRESS.tron } }],
  ];

  it.each(cases)("%s → %i naming %s", async (_name, http, field, overrides) => {
    const groupKey = `val-${randomUUID().slice(0, 8)}`;
    const body = { crypto_amount: "10", group_key: groupKey, ...overrides };
    const response = await api("POST", "/payment/intent", { role: "finance", body });
    const error = expectError(response, http, http === 400 ? 40000 : 42200);
    expect(error.errors?.map((issue) => issue.field)).toContain(field);
    expect(error.message).toContain(field);
    const written = await listPaymentIntents({ group_key: groupKey, page_size: 1 });
    expect(written.body.paging.total_count).toBe(0);
  });

  it("X-Client-ID: missing → 400/40001, another organization's → 403/40301, a differing body client_id → 400/40002", async () => {
    const body = { crypto_amount: "1" };
    expectError(await api("POST", "/payment/intent", { role: "finance", clientId: null, body }), 400, 40001);
    expectError(await api("POST", "/payment/intent", { role: "finance", clientId: org(1).client_id, body }), 403, 40301);
    expectError(await api("POST", "/payment/intent", { role: "finance", body: { ...body, client_id: "cli_other" } }), 400, 40002);
    const matching = await api("POST", "/payment/intent", { role: "finance", body: { ...body, client_id: org(0).client_id } });
    expect(matching.status).toBe(200);
  });
});

describe("permissions and isolation", () => {
  it("create needs transfer:create: approver and viewer get 403/40300; finance and admin may", async () => {
    for (const role of ["approver", "viewer"] as const) {
      const error = expectError(await api("POST", "/payment/intent", { role, body: { crypto_amount: "1" } }), 403, 40300);
      expect(error.message).toContain("transfer:create");
    }
    for (const role of ["finance", "admin"] as const) {
      expect((await api("POST", "/payment/intent", { role, body: { crypto_amount: "1" } })).status).toBe(200);
    }
  });

  it("get and list need transfer:read (every demo role has it); no key → 401", async () => {
    const created = await createPaymentIntent();
    for (const role of ["finance", "approver", "admin", "viewer"] as const) {
      expect((await api("GET", `/payment/intent/${created.payment_intent_id}`, { role })).status).toBe(200);
      expect((await api("GET", "/payment/intents?page_size=1", { role })).status).toBe(200);
    }
    expectError(await api("GET", `/payment/intent/${created.payment_intent_id}`, { key: null }), 401, 40100);
  });

  it("another organization's intent is 404 like an unknown id, and absent from its list", async () => {
    const created = await createPaymentIntent();
    const id = created.payment_intent_id;
    const foreign = expectError(await api("GET", `/payment/intent/${id}`, { role: "viewer", orgIndex: 1 }), 404, 40400);
    const unknown = expectError(await api("GET", "/payment/intent/pi_000000000000000000000000", { role: "viewer", orgIndex: 1 }), 404, 40400);
    expect(foreign.message.replace(id, "ID")).toBe(unknown.message.replace("pi_000000000000000000000000", "ID"));
    expectError(await api("POST", `/sandbox/payment_intent/${id}/pay`, { role: "admin", orgIndex: 1, body: { amount: "10" } }), 404, 40400);
    const refund = { refund_address: REFUND_ADDRESS.evm, refund_reason: "x", refund_attachments: [] };
    expectError(await api("POST", `/payment/intent/${id}/refund`, { role: "admin", orgIndex: 1, body: refund }), 404, 40400);
    const listed = await listPaymentIntents({ search: id }, { orgIndex: 1 });
    expect(listed.body.paging.total_count).toBe(0);
  });

  it("a nested payment intent of an invoice is read here (spec 2.4), but refunded and logged through its invoice: 404 there", async () => {
    const invoice = await createInvoice();
    const nested = invoice.payment_intent.payment_intent_id;
    const read = await api("GET", `/payment/intent/${nested}`, { role: "viewer" });
    expect(read.status).toBe(200);
    expect(read.body.data.owner).toEqual({ type: "invoice", id: invoice.id });
    expectError(await api("GET", `/payment/intent/${nested}/logs`, { role: "viewer" }), 404, 40400);
    const refund = { refund_address: REFUND_ADDRESS.evm, refund_reason: "x", refund_attachments: [] };
    expectError(await api("POST", `/payment/intent/${nested}/refund`, { role: "admin", body: refund }), 404, 40400);
  });

  it("a wrong method is 405 with Allow", async () => {
    const response = await api("DELETE", "/payment/intent", { role: "admin" });
    expectError(response, 405, 40500);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

// POST /payout/intent (spec 2.3, 2.4, 4.2; product-decisions §2): the record, the gross / net /
// fee split, pricing, payout_id, chain and token, the payout target, and X-Client-ID.
import { describe, expect, it } from "vitest";
import {
  api,
  countPayoutsMatching,
  createPayout,
  expectError,
  getPayout,
  org,
  PAYOUT_TARGET,
  payoutLogs,
  payoutRequest,
  RACE_MODE,
  REFUND_ADDRESS,
  user,
} from "./support";

type JsonType = "string" | "integer" | "boolean" | "object" | "array" | "null";

function jsonType(value: unknown): JsonType | "number" | "undefined" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as JsonType;
}

function typesOf(record: Record<string, unknown>, fields: Record<string, JsonType>) {
  return Object.fromEntries(Object.keys(fields).map((field) => [field, jsonType(record[field])]));
}

// Spec 2.3, field by field, plus the extensions the contract names.
const PAYOUT_FIELDS: Record<string, JsonType> = {
  id: "string",
  payout_id: "string",
  payment_intent: "object",
  status: "string",
  recipient_name: "string",
  recipient_email: "string",
  organization_name: "string",
  organization_email: "string",
  exact_out_amount: "string",
  status_category: "string",
  amount: "string",
  kg_fee_amount: "string",
  creator: "string",
  creator_uid: "string",
  origin: "string",
  created_at: "string",
  updated_at: "string",
};

// Spec 2.4 for a freshly created payout: nothing paid yet, but net and fee are known.
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
  payout_target_address: "string",
  payout_addresses: "object",
  exact_out_amount: "string",
  kg_fee_amount: "string",
  aggregation_tx_timestamp: "null",
  finalized_timestamp: "null",
  partial_refund_tx_hash: "null",
  partial_refund_amount: "null",
  partial_refund_address: "null",
  crypto_price: "null",
  target_chain_id: "null",
  target_token_address: "null",
  bank_account_id: "null",
  kya_record: "object",
};

function create(body: Record<string, unknown>, options: { role?: "finance" | "admin" | "viewer"; clientId?: string | null } = {}) {
  return api("POST", "/payout/intent", { role: options.role ?? "finance", clientId: options.clientId, body });
}

describe("POST /payout/intent: the record", () => {
  it("carries every field of spec 2.3 and 2.4 with its JSON type; approval_pending / awaiting_approval, no address yet", async () => {
    const request = payoutRequest();
    const response = await create(request);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.code).toBe(0);
    const payout = response.body.data;

    expect(typesOf(payout, PAYOUT_FIELDS)).toEqual(PAYOUT_FIELDS);
    expect(typesOf(payout.payment_intent, NEW_PAYMENT_INTENT_FIELDS)).toEqual(NEW_PAYMENT_INTENT_FIELDS);
    expect(payout.id).toMatch(/^po_/);
    expect(payout.payout_id).toMatch(/^PO-\d{4}-\d{6}$/);
    expect(payout.payout_id.slice(3, 7)).toBe(String(new Date().getUTCFullYear()));
    expect(payout).toMatchObject({
      status: "approval_pending",
      status_category: "pending_review",
      recipient_name: request.recipient_name,
      recipient_email: request.recipient_email,
      organization_name: request.organization_name,
      organization_email: request.organization_email,
      amount: "100",
      exact_out_amount: "98.5",
      kg_fee_amount: "1.5",
      creator: "Integration Test",
      creator_uid: user("finance").uid,
      origin: "https://shop.example.test",
    });
    expect(payout.payment_intent).toMatchObject({
      status: "awaiting_approval",
      payment_address: "",
      client_id: org(0).client_id,
      org_id: org(0).org_id,
      pricing_mode: "crypto",
      payment_chain_id: "arb",
      symbol: "USDC",
      token_address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
      decimals: 6,
      crypto_amount: "100",
      exact_out_amount: "98.5",
      kg_fee_amount: "1.5",
      payout_target_address: PAYOUT_TARGET.evm,
    });
    expect(payout.payment_intent.payment_intent_id).not.toBe(payout.id);
    expect(new Date(payout.created_at).toISOString()).toBe(payout.created_at);

    expect(await getPayout(payout.id)).toEqual(payout);
  });

  it("logs the creation: one row from '' to approval_pending, reason created, by the key's user", async () => {
    const payout = await createPayout();
    const logs = await payoutLogs(payout.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      payout_id: payout.id,
      from_status: "",
      to_status: "approval_pending",
      operator_uid: user("finance").uid,
      reason: "created",
    });
    expect(typeof logs[0]!.id).toBe("number");
    expect(new Date(logs[0]!.created_at).toISOString()).toBe(logs[0]!.created_at);
  });

  it("keeps the optional request fields it was given", async () => {
    const deadline = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const payout = await createPayout({
      overrides: {
        order_data: { order: 42, tags: ["a"] },
        callback_url: "https://hooks.example.test/payouts",
        group_key: "payroll-7",
        payment_deadline: deadline,
        swap_enabled: true,
        recipient_account_email: "Account@Example.test",
        description: "March contractor payout",
        attachment: { file_id: "file_invoice_scan" },
        recipient_type: "organization",
        recipient_uid: "uid-recipient-1",
        recipient_org_id: 77,
        recipient_phone: "+886 912 345 678",
      },
    });
    expect(payout).toMatchObject({
      recipient_account_email: "account@example.test",
      description: "March contractor payout",
      attachment: { file_id: "file_invoice_scan" },
      recipient_type: "organization",
      recipient_uid: "uid-recipient-1",
      recipient_org_id: 77,
      recipient_phone: "+886 912 345 678",
    });
    expect(payout.payment_intent).toMatchObject({
      order_data: { order: 42, tags: ["a"] },
      callback_url: "https://hooks.example.test/payouts",
      group_key: "payroll-7",
      swap_enabled: true,
      payment_deadline: deadline,
    });
    expect(await getPayout(payout.id)).toEqual(payout);
  });

  it("leaves the optional fields it was not given empty", async () => {
    const request = payoutRequest();
    delete request.payout_target_address;
    const response = await create(request);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const payout = response.body.data;
    expect(payout).toMatchObject({
      recipient_account_email: null,
      description: null,
      attachment: null,
      recipient_type: null,
      recipient_uid: null,
      recipient_org_id: null,
      recipient_phone: null,
    });
    expect(payout.payment_intent).toMatchObject({ payout_target_address: null, order_data: null, callback_url: null, group_key: null });
  });

  it("stores emails lower-cased", async () => {
    const request = payoutRequest();
    const payout = await createPayout({
      overrides: {
        recipient_email: (request.recipient_email as string).toUpperCase(),
        organization_email: (request.organization_email as string).toUpperCase(),
      },
    });
    expect(payout.recipient_email).toBe(request.recipient_email);
    expect(payout.organization_email).toBe(request.organization_email);
  });
});

describe("POST /payout/intent: fee rules (kg_fee_amount = amount − exact_out_amount, exactly)", () => {
  it.each([
    ["100", "98.5", "1.5"],
    ["100", "100", "0"],
    ["1", "0.999999", "0.000001"],
    ["0.3", "0.1", "0.2"],
    ["1000000000", "999999999.999999", "0.000001"],
    ["0.000001", "0.000001", "0"],
  ])("crypto on arb: amount %s, exact_out_amount %s → fee %s, on the payout and its payment intent", async (amount, net, fee) => {
    const payout = await createPayout({ overrides: { amount, exact_out_amount: net } });
    expect(payout).toMatchObject({ amount, exact_out_amount: net, kg_fee_amount: fee });
    expect(payout.payment_intent).toMatchObject({ crypto_amount: amount, exact_out_amount: net, kg_fee_amount: fee });
  });

  it("crypto on bsc keeps 18 decimals exact: 1 − 0.999999999999999999 = 0.000000000000000001", async () => {
    const payout = await createPayout({
      overrides: { chain: "bsc", pay_token: "USDT", amount: "1", exact_out_amount: "0.999999999999999999" },
    });
    expect(payout.kg_fee_amount).toBe("0.000000000000000001");
    expect(payout.payment_intent).toMatchObject({
      decimals: 18,
      symbol: "USDT",
      token_address: "0x55d398326f99059fF775485246999027B3197955",
      crypto_amount: "1",
      exact_out_amount: "0.999999999999999999",
      kg_fee_amount: "0.000000000000000001",
    });
  });

  it("exact_out_amount above amount → 400/40000 on exact_out_amount, and nothing is written", async () => {
    const request = payoutRequest({ amount: "100", exact_out_amount: "100.000001" });
    const error = expectError(await create(request), 400, 40000);
    expect(error.errors?.[0]?.field).toBe("exact_out_amount");
    expect(error.message).toContain("exact_out_amount");
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(0);
  });

  it("fiat USD: the payout keeps cents, the payment intent holds token units at 1:1", async () => {
    const payout = await createPayout({
      overrides: { pricing_mode: "fiat", currency: "USD", amount: "100.00", exact_out_amount: "98.50" },
    });
    expect(payout).toMatchObject({ currency: "USD", amount: "100.00", exact_out_amount: "98.50", kg_fee_amount: "1.50" });
    expect(payout.payment_intent).toMatchObject({
      pricing_mode: "fiat",
      fiat_amount: "100.00",
      fiat_currency: "USD",
      crypto_price: "1",
      crypto_amount: "100",
      exact_out_amount: "98.5",
      kg_fee_amount: "1.5",
    });
  });

  it("fiat without a currency is USD", async () => {
    const payout = await createPayout({ overrides: { pricing_mode: "fiat", amount: "10", exact_out_amount: "9" } });
    expect(payout.payment_intent).toMatchObject({ fiat_currency: "USD", crypto_amount: "10", exact_out_amount: "9", kg_fee_amount: "1" });
  });

  it("fiat TWD: the gross is divided by 32.5 and rounded up to the token's 6 decimals", async () => {
    const payout = await createPayout({
      overrides: { pricing_mode: "fiat", currency: "TWD", amount: "1000", exact_out_amount: "650" },
    });
    expect(payout).toMatchObject({ currency: "TWD", amount: "1000.00", exact_out_amount: "650.00", kg_fee_amount: "350.00" });
    // 1000 / 32.5 = 30.769230769…, rounded up; 650 / 32.5 = 20 exactly; the fee is what stays.
    expect(payout.payment_intent).toMatchObject({
      fiat_amount: "1000.00",
      fiat_currency: "TWD",
      crypto_price: "32.5",
      crypto_amount: "30.769231",
      exact_out_amount: "20",
      kg_fee_amount: "10.769231",
    });
  });

  it("fiat TWD on bsc rounds the gross up at 18 decimals", async () => {
    const payout = await createPayout({
      overrides: { pricing_mode: "fiat", currency: "TWD", amount: "1000", exact_out_amount: "325", chain: "bsc", pay_token: "USDT" },
    });
    expect(payout.payment_intent).toMatchObject({ crypto_amount: "30.769230769230769231", exact_out_amount: "10", decimals: 18 });
  });
});

describe("POST /payout/intent: payout_id", () => {
  it(`is PO-YYYY-NNNNNN and unique, also under concurrent creation ${RACE_MODE}`, async () => {
    const created = await Promise.all(Array.from({ length: 8 }, () => createPayout()));
    const numbers = created.map((payout) => payout.payout_id);
    for (const number of numbers) expect(number).toMatch(/^PO-\d{4}-\d{6}$/);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(new Set(created.map((payout) => payout.id)).size).toBe(created.length);
    expect(new Set(created.map((payout) => payout.payment_intent.payment_intent_id)).size).toBe(created.length);
  });

  it("increases with each payout of an organization", async () => {
    const first = await createPayout({ orgIndex: 1 });
    const second = await createPayout({ orgIndex: 1 });
    expect(Number(second.payout_id.slice(-6))).toBeGreaterThan(Number(first.payout_id.slice(-6)));
  });
});

describe("POST /payout/intent: chain and token", () => {
  it("refuses USDT on base with 422/42200 naming the pair, and writes nothing", async () => {
    const request = payoutRequest({ chain: "base", pay_token: "USDT" });
    const error = expectError(await create(request), 422, 42200);
    expect(error.message).toContain("USDT");
    expect(error.message).toContain("base");
    expect(error.errors?.[0]?.field).toBe("pay_token");
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(0);
  });

  it("refuses an unknown chain with 422/42200 naming it, and writes nothing", async () => {
    const request = payoutRequest({ chain: "dogecoin" });
    const error = expectError(await create(request), 422, 42200);
    expect(error.message).toContain("dogecoin");
    expect(error.errors?.[0]?.field).toBe("chain");
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(0);
  });

  it("uses the registry's contract and decimals for every chain family", async () => {
    const cases = [
      ["eth", "USDT", "0xdAC17F958D2ee523a2206206994597C13D831ec7", PAYOUT_TARGET.evm],
      ["base", "USDC", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", PAYOUT_TARGET.evm],
      ["tron", "USDT", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", PAYOUT_TARGET.tron],
      ["sol", "USDC", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", PAYOUT_TARGET.sol],
    ] as const;
    const created = await Promise.all(
      cases.map(([chain, pay_token, , target]) => createPayout({ overrides: { chain, pay_token, payout_target_address: target } })),
    );
    created.forEach((payout, index) => {
      const [chain, symbol, address] = cases[index]!;
      expect(payout.payment_intent).toMatchObject({ payment_chain_id: chain, symbol, token_address: address, decimals: 6 });
    });
  });
});

describe("POST /payout/intent: payout_target_address must suit the chain's address family", () => {
  it.each([
    ["arb", "USDC", "0x1234", "too short"],
    ["arb", "USDC", "0xDE0B295669a9FD93d5F28D9Ec85E40f4cb697BAe", "a broken EIP-55 checksum"],
    ["arb", "USDC", "de0B295669a9FD93d5F28D9Ec85E40f4cb697BAe", "no 0x"],
    ["arb", "USDC", PAYOUT_TARGET.tron, "a Tron address"],
    ["tron", "USDT", PAYOUT_TARGET.evm, "an EVM address"],
    ["tron", "USDT", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", "a broken base58check checksum"],
    ["sol", "USDC", PAYOUT_TARGET.evm, "an EVM address"],
    ["sol", "USDC", "not-a-solana-key", "not base58"],
  ])("on %s (%s) %s (%s) → 422/42200 naming payout_target_address, nothing written", async (chain, pay_token, address) => {
    const request = payoutRequest({ chain, pay_token, payout_target_address: address });
    const error = expectError(await create(request), 422, 42200);
    expect(error.errors?.map((issue) => issue.field)).toContain("payout_target_address");
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(0);
  });

  it.each([
    ["arb", "USDC", PAYOUT_TARGET.evm, "EIP-55 checksummed"],
    ["arb", "USDC", PAYOUT_TARGET.evm.toLowerCase(), "all lower-case (no checksum)"],
    ["arb", "USDC", `0x${PAYOUT_TARGET.evm.slice(2).toUpperCase()}`, "all upper-case (no checksum)"],
    ["tron", "USDT", REFUND_ADDRESS.tron, "base58check"],
    ["sol", "USDC", REFUND_ADDRESS.sol, "a 32-byte base58 key"],
  ])("on %s (%s) accepts %s (%s)", async (chain, pay_token, address) => {
    const payout = await createPayout({ overrides: { chain, pay_token, payout_target_address: address } });
    expect(payout.status).toBe("approval_pending");
  });
});

describe("POST /payout/intent: X-Client-ID (as for invoices)", () => {
  it("missing → 400/40001, nothing written", async () => {
    const request = payoutRequest();
    const error = expectError(await create(request, { clientId: null }), 400, 40001);
    expect(error.message).toContain("X-Client-ID");
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(0);
  });

  it("unknown → 403/40301; another organization's → 403/40301 with the same message; nothing written", async () => {
    const request = payoutRequest();
    const foreign = expectError(await create(request, { clientId: org(1).client_id }), 403, 40301);
    const unknown = expectError(await create(request, { clientId: "cli_unknown" }), 403, 40301);
    expect(foreign.message).toBe(unknown.message);
    expect(foreign.message).toContain("X-Client-ID");
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(0);
    expect(await countPayoutsMatching(request.recipient_email as string, 1)).toBe(0);
  });

  it("a body client_id that differs from the header → 400/40002 on client_id, nothing written", async () => {
    const request = payoutRequest({ client_id: org(1).client_id });
    const error = expectError(await create(request), 400, 40002);
    expect(error.errors?.[0]?.field).toBe("client_id");
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(0);
    expectError(await create(payoutRequest({ client_id: 7 })), 400, 40002);
  });

  it("a body client_id equal to the header is accepted", async () => {
    const payout = await createPayout({ overrides: { client_id: org(0).client_id } });
    expect(payout.payment_intent.client_id).toBe(org(0).client_id);
  });
});

describe("POST /payout/intent: unknown and server-owned fields", () => {
  it("ignores unknown fields and never lets the body set status, ids, fee, amounts received or org", async () => {
    const request = payoutRequest({
      status: "completed",
      id: "po_chosen_by_caller",
      payout_id: "PO-9999-999999",
      kg_fee_amount: "50",
      org_id: org(1).org_id,
      creator_uid: user("admin").uid,
      payment_intent: { status: "success", payment_intent_id: "pi_mine", received_crypto_amount: "999" },
      favourite_colour: "teal",
    });
    const response = await create(request);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const payout = response.body.data;
    expect(payout.status).toBe("approval_pending");
    expect(payout.id).not.toBe("po_chosen_by_caller");
    expect(payout.payout_id).not.toBe("PO-9999-999999");
    expect(payout.kg_fee_amount).toBe("1.5");
    expect(payout.creator_uid).toBe(user("finance").uid);
    expect(payout).not.toHaveProperty("favourite_colour");
    expect(payout.payment_intent).toMatchObject({ status: "awaiting_approval", org_id: org(0).org_id, received_crypto_amount: null });
    expect(payout.payment_intent.payment_intent_id).not.toBe("pi_mine");
  });
});

// The payout validation table: every PayoutCreateRequest field missing, mistyped or malformed is a
// 400/40000 naming the field (spec 4.2, product-decisions §4), and a refused create writes nothing.
import { describe, expect, it } from "vitest";
import { api, countPayoutsMatching, createPayout, expectError, expectRefusedCreate, getPayout, listPayouts, payoutLogs, payoutRequest } from "./support";

function without(field: string) {
  const request = payoutRequest();
  delete request[field];
  return request;
}

const REQUIRED_FIELDS = [
  "pricing_mode",
  "amount",
  "pay_token",
  "chain",
  "origin",
  "exact_out_amount",
  "recipient_name",
  "recipient_email",
  "organization_name",
  "organization_email",
  "creator",
];

describe("POST /payout/intent: each required field missing on its own", () => {
  it.each(REQUIRED_FIELDS)("%s missing → 400/40000 naming it", async (field) => {
    await expectRefusedCreate("payout", without(field), { field, message: "is required" });
  });

  it("null counts as a wrong type, not as missing", async () => {
    await expectRefusedCreate("payout", payoutRequest({ recipient_name: null }), { field: "recipient_name", message: "must be a string" });
  });

  it("every optional field may be left out", async () => {
    const payout = await createPayout({ overrides: {} });
    expect(payout.status).toBe("approval_pending");
  });
});

const WRONG_TYPES: Array<[string, unknown, string]> = [
  ["pricing_mode", 1, "must be one of"],
  ["amount", 100, "must be a string"],
  ["exact_out_amount", 98.5, "must be a string"],
  ["currency", 840, "must be one of"],
  ["pay_token", true, "must be one of"],
  ["chain", 42161, "must be a string"],
  ["origin", 1, "must be a string"],
  ["order_data", "order-42", "must be an object"],
  ["order_data", [1, 2], "must be an object"],
  ["callback_url", { url: "https://x.test" }, "must be a string"],
  ["group_key", 7, "must be a string"],
  ["payout_target_address", 0, "must be a string"],
  ["payment_deadline", "tomorrow", "must be a number"],
  ["payment_deadline", 1.5, "must be an integer"],
  ["swap_enabled", "yes", "must be a boolean"],
  ["recipient_name", 5, "must be a string"],
  ["recipient_email", ["a@b.test"], "must be a string"],
  ["recipient_account_email", 5, "must be a string"],
  ["organization_name", {}, "must be a string"],
  ["organization_email", 5, "must be a string"],
  ["description", false, "must be a string"],
  ["attachment", "file_1", "must be an object"],
  ["creator", 1, "must be a string"],
  ["recipient_type", 1, "must be one of"],
  ["recipient_uid", 12, "must be a string"],
  ["recipient_org_id", "12", "must be a number"],
  ["recipient_org_id", 1.5, "must be an integer"],
  ["recipient_phone", 886912345678, "must be a string"],
];

describe("POST /payout/intent: wrong JSON types", () => {
  it.each(WRONG_TYPES)("%s = %j → 400 %s", async (field, value, message) => {
    await expectRefusedCreate("payout", payoutRequest({ [field]: value }), { field, message });
  });

  it("attachment.file_id must be a string", async () => {
    await expectRefusedCreate("payout", payoutRequest({ attachment: { file_id: 12 } }), { field: "attachment.file_id", message: "must be a string" });
  });
});

describe("POST /payout/intent: values outside their sets", () => {
  it.each([
    ["pricing_mode", "gold", "fiat, crypto"],
    ["currency", "EUR", "USD, TWD"],
    ["pay_token", "DAI", "USDC, USDT"],
    ["recipient_type", "robot", "individual, organization"],
  ])("%s = %s → 400 listing the allowed values", async (field, value, allowed) => {
    await expectRefusedCreate("payout", payoutRequest({ [field]: value }), { field, message: allowed });
  });
});

describe("POST /payout/intent: amounts", () => {
  const MALFORMED = ["1e3", "0x10", "-1", " 1", "1 ", ".5", "1.", "", "1,000", "+1", "01", "NaN", "Infinity", "１"];

  it.each(MALFORMED)("amount %j → 400 saying what a plain decimal looks like", async (amount) => {
    await expectRefusedCreate("payout", payoutRequest({ amount }), { field: "amount", message: "plain decimal" });
  });

  it.each(MALFORMED)("exact_out_amount %j → 400 saying what a plain decimal looks like", async (exactOut) => {
    await expectRefusedCreate("payout", payoutRequest({ exact_out_amount: exactOut }), { field: "exact_out_amount", message: "plain decimal" });
  });

  it.each([
    ["amount", { amount: "0", exact_out_amount: "0" }],
    ["amount", { amount: "0.000000", exact_out_amount: "0" }],
    ["exact_out_amount", { amount: "100", exact_out_amount: "0" }],
    ["exact_out_amount", { amount: "100", exact_out_amount: "0.00" }],
  ])("zero → 400 on %s: must be greater than zero", async (field, amounts) => {
    await expectRefusedCreate("payout", payoutRequest(amounts), { field, message: "greater than zero" });
  });

  it.each([
    ["100", "100.000001"],
    ["100", "101"],
    ["0.5", "1"],
  ])("amount %s, exact_out_amount %s → 400 on exact_out_amount", async (amount, exactOut) => {
    await expectRefusedCreate("payout", payoutRequest({ amount, exact_out_amount: exactOut }), { field: "exact_out_amount" });
  });

  it.each([
    ["amount", { amount: "100.0000001" }, "6"],
    ["exact_out_amount", { exact_out_amount: "98.0000001" }, "6"],
  ])("crypto on arb: %s with more than 6 decimals → 400 naming the limit", async (field, amounts, limit) => {
    await expectRefusedCreate("payout", payoutRequest(amounts), { field, message: limit });
  });

  it.each([
    ["amount", { amount: "1.0000000000000000001", exact_out_amount: "1" }],
    ["exact_out_amount", { amount: "2", exact_out_amount: "1.0000000000000000001" }],
  ])("crypto on bsc: %s with more than 18 decimals → 400 naming the limit", async (field, amounts) => {
    await expectRefusedCreate("payout", payoutRequest({ chain: "bsc", pay_token: "USDC", ...amounts }), { field, message: "18" });
  });

  it("crypto on bsc: 18 decimals are accepted", async () => {
    const payout = await createPayout({
      overrides: { chain: "bsc", pay_token: "USDC", amount: "1.000000000000000001", exact_out_amount: "1" },
    });
    expect(payout.kg_fee_amount).toBe("0.000000000000000001");
  });

  it.each([
    ["amount", { amount: "100.001", exact_out_amount: "98" }],
    ["exact_out_amount", { amount: "100", exact_out_amount: "98.505" }],
  ])("fiat: %s with more than 2 decimals → 400 naming the limit", async (field, amounts) => {
    await expectRefusedCreate("payout", payoutRequest({ pricing_mode: "fiat", currency: "USD", ...amounts }), { field, message: "2" });
  });

  it("fiat TWD is held to cents too", async () => {
    await expectRefusedCreate("payout", payoutRequest({ pricing_mode: "fiat", currency: "TWD", amount: "1000.125", exact_out_amount: "1" }), {
      field: "amount",
      message: "2",
    });
  });

  it("an 81-character amount → 400", async () => {
    await expectRefusedCreate("payout", payoutRequest({ amount: "1".repeat(81) }), { field: "amount", message: "at most 80 characters" });
  });
});

describe("POST /payout/intent: other malformed values", () => {
  it.each([
    ["recipient_email", "not-an-email", "valid email"],
    ["recipient_email", "a@", "valid email"],
    ["organization_email", "billing.example.test", "valid email"],
    ["organization_email", "", "valid email"],
    ["recipient_account_email", "two words@example.test", "valid email"],
    ["origin", "not a url", "http(s) URL"],
    ["origin", "ftp://shop.example.test", "http(s) URL"],
    ["callback_url", "javascript:alert(1)", "http(s) URL"],
    ["recipient_name", "   ", "blank"],
    ["organization_name", "", "blank"],
    ["creator", "", "blank"],
    ["recipient_org_id", -3, "must be greater than 0"],
    ["recipient_org_id", 2_147_483_648, "must be at most 2147483647"],
    ["payment_deadline", 0, "must be greater than 0"],
    ["payment_deadline", 1_900_000_000_000, "seconds"],
    ["payment_deadline", 1_000_000_000, "must not be in the past"],
    ["chain", "", "must not be empty"],
    ["payout_target_address", "", "must not be empty"],
  ])("%s = %j → 400 (%s)", async (field, value, message) => {
    await expectRefusedCreate("payout", payoutRequest({ [field]: value }), { field, message });
  });
});

describe("POST /payout/intent: request bodies", () => {
  function rawCreate(rawBody: string, contentType = "application/json") {
    return api("POST", "/payout/intent", { role: "finance", rawBody, headers: { "Content-Type": contentType } });
  }

  it("malformed JSON → 400/40000 on field body", async () => {
    const error = expectError(await rawCreate('{"pricing_mode": "crypto",'), 400, 40000);
    expect(error.errors).toEqual([{ field: "body", message: "is not valid JSON" }]);
  });

  it.each(["[]", '"text"', "42", "null"])("a JSON %s instead of an object → 400/40000 on body", async (raw) => {
    expect(expectError(await rawCreate(raw), 400, 40000).errors?.[0]?.field).toBe("body");
  });

  it("an empty body → 400/40000 body is required", async () => {
    expect(expectError(await rawCreate(""), 400, 40000).errors).toEqual([{ field: "body", message: "is required" }]);
  });

  it("Content-Type text/plain → 415/41500, nothing written", async () => {
    const request = payoutRequest();
    expectError(await rawCreate(JSON.stringify(request), "text/plain"), 415, 41500);
    expect(await countPayoutsMatching(request.recipient_email as string)).toBe(0);
  });

  it("a NUL character in a string → 400 naming the field", async () => {
    await expectRefusedCreate("payout", payoutRequest({ description: "line one\u0000" }), { field: "description", message: "NUL" });
  });
});

describe("PUT /payout/intent/{id}: bad input → 400 and changes nothing", () => {
  it.each([
    ["recipient_email", "nope", "valid email"],
    ["recipient_account_email", "nope@", "valid email"],
    ["organization_name", "  ", "blank"],
    ["pay_token", "DAI", "USDC, USDT"],
    ["recipient_type", "robot", "individual, organization"],
    ["recipient_org_id", "12", "must be a number"],
    ["exact_out_amount", 98, "must be a string"],
    ["exact_out_amount", "1e2", "plain decimal"],
    ["exact_out_amount", "0", "greater than zero"],
    ["exact_out_amount", "98.0000001", "6"],
    ["exact_out_amount", "100.000001", ""],
    ["attachment", "file_1", "must be an object"],
    ["description", 5, "must be a string"],
  ])("%s = %j → 400", async (field, value, message) => {
    const payout = await createPayout();
    const response = await api("PUT", `/payout/intent/${payout.id}`, { role: "finance", body: { [field]: value } });
    const error = expectError(response, 400, 40000);
    expect(error.errors?.find((issue) => issue.field === field)?.message, JSON.stringify(error)).toContain(message);
    expect(await getPayout(payout.id)).toEqual(payout);
    expect(await payoutLogs(payout.id)).toHaveLength(1);
  });

  it("malformed JSON → 400 on body, nothing changed", async () => {
    const payout = await createPayout();
    const response = await api("PUT", `/payout/intent/${payout.id}`, {
      role: "finance",
      rawBody: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(expectError(response, 400, 40000).errors?.[0]?.field).toBe("body");
    expect(await getPayout(payout.id)).toEqual(payout);
  });
});

describe("GET /payout/intents: query validation", () => {
  it.each([
    ["page", "0", "at least 1"],
    ["page", "abc", "integer"],
    ["page", "1.5", "integer"],
    ["page_size", "0", "at least 1"],
    ["page_size", "101", "at most 100"],
    ["page_size", "1e2", "integer"],
    ["status", "paid", "must be one of"],
    ["status", "cancelled", "must be one of"],
    ["status_category", "open", "must be one of"],
    ["settlement_type", "cash", "crypto, fiat"],
  ])("%s=%s → 400/40000 naming the parameter", async (parameter, value, message) => {
    const error = expectError(await listPayouts({ [parameter]: value }), 400, 40000);
    expect(error.errors?.find((issue) => issue.field === parameter)?.message).toContain(message);
    expect(error.message).toContain(parameter);
  });

  it("page_size=100 is the largest accepted", async () => {
    const response = await listPayouts({ page_size: 100 });
    expect(response.status).toBe(200);
    expect(response.body.paging.page_size).toBe(100);
  });
});

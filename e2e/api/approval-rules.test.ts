// Approval rules scoped to a chain and/or a token (issue 25): the most specific rule that matches
// a record gives its tiers (chain and token, then chain, then token, then the policy's own), for
// invoices, payouts and withdrawals alike; bad rules are refused naming the field and change nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { api, createInvoice, createPayout, expectError, fundBalance, PAYOUT_TARGET, withdraw } from "./support";

const ARB_USDT = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9";
const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

// Invoices: one approver by default; a chain rule, a token rule and a chain-and-token rule, each
// with its own count, so which one applied shows in `required`.
const INVOICE_POLICY = {
  tiers: [{ from_usd: "0", approvers: 1 }],
  rules: [
    { token: "USDT", tiers: [{ from_usd: "0", approvers: 4 }] },
    { chain_id: "arb", tiers: [{ from_usd: "0", approvers: 2 }] },
    { chain_id: "arb", token: "USDT", tiers: [{ from_usd: "0", approvers: 3 }] },
  ],
};

const approvalsOf = async (kind: "invoice" | "payout", id: string) => {
  const response = await api("GET", `/${kind}/intent/${id}/approvals`, { role: "viewer" });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};
const invoiceOn = (chain: string, token: string) => createInvoice({ overrides: { chain, pay_token: token } });
const policyOf = async (kind: string) =>
  (await api("GET", "/approval_policies", { role: "viewer" })).body.data.find((policy: { record_kind: string }) => policy.record_kind === kind);

beforeAll(async () => {
  const response = await api("PUT", "/approval_policies/invoice", { role: "admin", body: INVOICE_POLICY });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}, 60_000);

describe("setting rules", () => {
  it("shows them, absent fields as null; a PUT without rules has none", async () => {
    const policy = await policyOf("invoice");
    expect(policy.rules).toEqual([
      { chain_id: null, token: "USDT", tiers: [{ from_usd: "0", approvers: 4, org_manage: false }] },
      { chain_id: "arb", token: null, tiers: [{ from_usd: "0", approvers: 2, org_manage: false }] },
      { chain_id: "arb", token: "USDT", tiers: [{ from_usd: "0", approvers: 3, org_manage: false }] },
    ]);
    expect((await policyOf("payout")).rules).toEqual([]);
  });

  it.each([
    ["a rule with neither chain nor token", [{ tiers: [{ from_usd: "0", approvers: 2 }] }], "rules.0.chain_id"],
    ["an unknown chain", [{ chain_id: "dogechain", tiers: [{ from_usd: "0", approvers: 2 }] }], "rules.0.chain_id"],
    ["an unknown token", [{ token: "DAI", tiers: [{ from_usd: "0", approvers: 2 }] }], "rules.0.token"],
    ["two rules of one scope", [{ token: "USDT", tiers: [{ from_usd: "0", approvers: 2 }] }, { token: "USDT", tiers: [{ from_usd: "0", approvers: 3 }] }], "rules.1.chain_id"],
    ["a rule's tiers out of order", [{ token: "USDT", tiers: [{ from_usd: "0", approvers: 1 }, { from_usd: "0", approvers: 2 }] }], "rules.0.tiers.1.from_usd"],
    ["an invoice rule tier with no approver", [{ token: "USDT", tiers: [{ from_usd: "0", approvers: 0 }] }], "rules.0.tiers.0.approvers"],
  ])("refuses %s with 400 naming the field, and changes nothing", async (_label, rules, field) => {
    const response = await api("PUT", "/approval_policies/invoice", { role: "admin", body: { tiers: INVOICE_POLICY.tiers, rules } });
    const error = expectError(response, 400, 40000);
    expect((error.errors ?? []).map((issue: { field: string }) => issue.field)).toContain(field);
    expect((await policyOf("invoice")).rules).toHaveLength(3);
  });
});

describe("the most specific rule wins", () => {
  it.each([
    ["arb", "USDT", 3, { chain_id: "arb", token: "USDT" }],
    ["arb", "USDC", 2, { chain_id: "arb", token: null }],
    ["polygon", "USDT", 4, { chain_id: null, token: "USDT" }],
    ["base", "USDC", 1, null],
  ])("an invoice on %s in %s needs %i approvers", async (chain, token, required, rule) => {
    const invoice = await invoiceOn(chain, token);
    expect(await approvalsOf("invoice", invoice.id)).toMatchObject({ required, rule });
  });

  it("a chain rule beats a token rule when both match and no rule names both", async () => {
    const policy = {
      tiers: [{ from_usd: "0", approvers: 1 }],
      rules: [
        { token: "USDC", tiers: [{ from_usd: "0", approvers: 3 }] },
        { chain_id: "base", tiers: [{ from_usd: "0", approvers: 2 }] },
      ],
    };
    expect((await api("PUT", "/approval_policies/payout", { role: "admin", body: policy })).status).toBe(200);
    const payout = await createPayout({ overrides: { chain: "base", pay_token: "USDC" } });
    expect(await approvalsOf("payout", payout.id)).toMatchObject({ required: 2, rule: { chain_id: "base", token: null } });
  });

  it("a rule found when the record entered review stays its rule after the policy changes", async () => {
    const before = await invoiceOn("arb", "USDT");
    const withoutRules = await api("PUT", "/approval_policies/invoice", { role: "admin", body: { tiers: INVOICE_POLICY.tiers } });
    expect(withoutRules.body.data.rules).toEqual([]);
    try {
      expect(await approvalsOf("invoice", before.id)).toMatchObject({ required: 3 });
      expect(await approvalsOf("invoice", (await invoiceOn("arb", "USDT")).id)).toMatchObject({ required: 1, rule: null });
    } finally {
      expect((await api("PUT", "/approval_policies/invoice", { role: "admin", body: INVOICE_POLICY })).status).toBe(200);
    }
  });

  it("scopes withdrawals too: only the named chain and token wait for approval", async () => {
    const policy = { tiers: [{ from_usd: "0", approvers: 0 }], rules: [{ chain_id: "base", token: "USDC", tiers: [{ from_usd: "0", approvers: 0 }, { from_usd: "5", approvers: 1 }] }] };
    expect((await api("PUT", "/approval_policies/withdrawal", { role: "admin", body: policy })).status).toBe(200);
    await fundBalance("base", "USDC", "20");
    await fundBalance("arb", "USDT", "20");
    const scoped = await withdraw({ chain_id: "base", contract_address: BASE_USDC, amount: "6", wallet_address: PAYOUT_TARGET.evm });
    expect(scoped.body.data).toMatchObject({ status: "awaiting_approval", approval: { required: 1 } });
    const small = await withdraw({ chain_id: "base", contract_address: BASE_USDC, amount: "4", wallet_address: PAYOUT_TARGET.evm });
    expect(small.body.data).toMatchObject({ status: "submitted", approval: null });
    const elsewhere = await withdraw({ chain_id: "arb", contract_address: ARB_USDT, amount: "6", wallet_address: PAYOUT_TARGET.evm });
    expect(elsewhere.body.data).toMatchObject({ status: "submitted", approval: null });
  });
});

import { describe, expect, it } from "vitest";
import { approvalPolicyUpdateSchema, compareDecimal, DEFAULT_TIERS, tierFor, tiersForScope } from "@/lib/studio/approvals/schemas";

const TIERS = [
  { from_usd: "0", approvers: 1, org_manage: false },
  { from_usd: "1000", approvers: 2, org_manage: false },
  { from_usd: "50000", approvers: 2, org_manage: true },
];

describe("approval tiers", () => {
  it("put an amount in the highest tier it reaches, boundaries included", () => {
    expect(tierFor(TIERS, "999.999999").approvers).toBe(1);
    expect(tierFor(TIERS, "1000").approvers).toBe(2);
    expect(tierFor(TIERS, "49999.99").org_manage).toBe(false);
    expect(tierFor(TIERS, "50000.000001").org_manage).toBe(true);
    expect(tierFor(DEFAULT_TIERS, "123456789").approvers).toBe(1);
  });

  it("compare decimals exactly, beyond what a float tells apart", () => {
    expect(compareDecimal("9007199254740993", "9007199254740992")).toBe(1);
    expect(compareDecimal("0.1", "0.10")).toBe(0);
    expect(compareDecimal("1000", "999.999999999999999999")).toBe(1);
  });

  it("refuse a policy whose first tier is above 0 or whose tiers are out of order, naming the tier", () => {
    const first = approvalPolicyUpdateSchema.safeParse({ tiers: [{ from_usd: "5", approvers: 1 }] });
    expect(first.error?.issues.map((issue) => issue.path.join("."))).toEqual(["tiers.0.from_usd"]);
    const order = approvalPolicyUpdateSchema.safeParse({ tiers: [...TIERS, { from_usd: "50000", approvers: 3 }] });
    expect(order.error?.issues.map((issue) => issue.path.join("."))).toEqual(["tiers.3.from_usd"]);
    expect(approvalPolicyUpdateSchema.parse({ tiers: [{ from_usd: "0.00", approvers: 1 }] }).tiers[0]?.org_manage).toBe(false);
  });
});

describe("scoped rules", () => {
  const tiers = (approvers: number) => [{ from_usd: "0", approvers, org_manage: false }];
  const policy = {
    tiers: tiers(1),
    rules: [
      { chain_id: null, token: "USDT", tiers: tiers(4) },
      { chain_id: "arb", token: null, tiers: tiers(2) },
      { chain_id: "arb", token: "USDT", tiers: tiers(3) },
    ],
  };
  const required = (chainId: string, token: string) => tiersForScope(policy, { chainId, token }).tiers[0]!.approvers;

  it("take the most specific matching rule: chain and token, then chain, then token, else the policy's own", () => {
    expect(required("arb", "USDT")).toBe(3);
    expect(required("arb", "USDC")).toBe(2);
    expect(required("polygon", "USDT")).toBe(4);
    expect(required("polygon", "USDC")).toBe(1);
    // Whatever order the rules were written in.
    expect(tiersForScope({ ...policy, rules: [...policy.rules].reverse() }, { chainId: "arb", token: "USDT" }).rule).toEqual({ chain_id: "arb", token: "USDT" });
    expect(tiersForScope(policy, { chainId: "base", token: "USDC" }).rule).toBeNull();
    // A chain rule and a token rule both match and none names both: the chain's wins.
    const withoutBoth = { ...policy, rules: policy.rules.filter((rule) => rule.chain_id === null || rule.token === null) };
    expect(tiersForScope(withoutBoth, { chainId: "arb", token: "USDT" }).tiers[0]!.approvers).toBe(2);
  });

  it("refuse a rule naming neither chain nor token, an unknown chain, and two rules of one scope", () => {
    const issues = (rules: unknown[]) => approvalPolicyUpdateSchema.safeParse({ tiers: tiers(1), rules }).error?.issues.map((issue) => issue.path.join("."));
    expect(issues([{ tiers: tiers(2) }])).toEqual(["rules.0.chain_id"]);
    expect(issues([{ chain_id: "dogechain", tiers: tiers(2) }])).toEqual(["rules.0.chain_id"]);
    expect(issues([{ token: "USDT", tiers: tiers(2) }, { token: "USDT", chain_id: null, tiers: tiers(3) }])).toEqual(["rules.1.chain_id"]);
    expect(approvalPolicyUpdateSchema.parse({ tiers: tiers(1) }).rules).toEqual([]);
  });
});

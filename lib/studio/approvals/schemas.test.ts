import { describe, expect, it } from "vitest";
import { approvalPolicyUpdateSchema, compareDecimal, DEFAULT_TIERS, tierFor } from "@/lib/studio/approvals/schemas";

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

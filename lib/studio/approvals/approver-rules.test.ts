// Who may take a tier's last step when the tier needs org:manage: the last approver's own
// org:manage, or an earlier approver's (e2e/api/approval-policies.test.ts tests both over HTTP).
import { describe, expect, it } from "vitest";
import { approvalRefusal, type ReviewFacts } from "@/lib/studio/approvals/approver-rules";

const requirement = { required: 2, orgManageRequired: true, tierFromUsd: "75000", rule: null };
const approval = (approverUid: string, orgManage: boolean) => ({ approverUid, orgManage, step: 1 }) as unknown as ReviewFacts["collected"][number];
const facts = (collected: ReviewFacts["collected"]): ReviewFacts => ({ makers: new Set(["maker"]), requirement, collected });
const plain = { uid: "plain", permissions: ["transfer:read", "transfer:approve"] };
const manager = { uid: "manager", permissions: ["transfer:read", "transfer:approve", "org:manage"] };

describe("an org:manage tier's last step", () => {
  it("is refused to a plain approver after a plain approver", () => {
    expect(approvalRefusal(facts([approval("first", false)]), plain)).toBe("org_manage_required");
  });

  it("is taken by a manager after a plain approver", () => {
    expect(approvalRefusal(facts([approval("first", false)]), manager)).toBeUndefined();
  });

  it("is taken by a plain approver after a manager: the earlier approver's org:manage counts", () => {
    expect(approvalRefusal(facts([approval("manager", true)]), plain)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { availableActions } from "@/lib/console/actions";

const admin = { uid: "u_admin", permissions: ["transfer:read", "transfer:create", "transfer:approve", "transfer:sign"] };
const viewer = { uid: "u_view", permissions: ["transfer:read"] };
const invoice = (status: any, creator_uid = "u_fin", received: string | null = null) => ({
  status,
  creator_uid,
  payment_intent: { received_crypto_amount: received },
});

describe("available actions", () => {
  it("offers approve and reject on a pending invoice to an approver who did not create it", () => {
    expect(availableActions(invoice("approval_pending"), admin)).toEqual(["approve", "reject", "cancel", "edit"]);
  });

  it("hides approve from the creator (maker-checker)", () => {
    expect(availableActions(invoice("approval_pending", "u_admin"), admin)).not.toContain("approve");
  });

  it("offers sign and refund once paid, and nothing to a viewer", () => {
    expect(availableActions(invoice("paid", "u_fin", "12"), admin)).toEqual(["sign", "refund"]);
    expect(availableActions(invoice("approval_pending"), viewer)).toEqual([]);
    expect(availableActions(invoice("paid"), viewer)).toEqual([]);
  });

  it("offers cancel on an approved invoice only while no funds arrived", () => {
    expect(availableActions(invoice("approved"), admin)).toEqual(["cancel"]);
    expect(availableActions(invoice("approved", "u_fin", "1"), admin)).toEqual([]);
  });
});

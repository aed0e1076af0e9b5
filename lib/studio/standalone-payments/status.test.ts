import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES } from "@/lib/studio/payment-intents/status";
import { STANDALONE_STATUSES, standaloneStateMachine as machine } from "@/lib/studio/standalone-payments/status";

const due = 10_000_000n;
const facts = (receivedUnits: bigint) => ({ receivedUnits, dueUnits: due });

describe("standalone payment intent state table (product-decisions §3)", () => {
  it("its statuses are payment statuses, and the payment status is the status itself", () => {
    for (const status of STANDALONE_STATUSES) {
      expect(PAYMENT_STATUSES).toContain(status);
      expect(machine.paymentStatus(status, { underpaid: true })).toBe(status);
    }
    expect(STANDALONE_STATUSES).not.toContain("awaiting_approval");
  });

  it("a confirmed on-time payment: exact or more → success, less → insufficient_not_refunded", () => {
    expect(machine.nextStatus("confirm_payment", "pending", facts(due))).toBe("success");
    expect(machine.nextStatus("confirm_payment", "pending", facts(due + 1n))).toBe("success");
    expect(machine.nextStatus("confirm_payment", "pending", facts(due - 1n))).toBe("insufficient_not_refunded");
  });

  it("refund: an underpayment → insufficient_refunded; success, manual_review, aml_hold → refunded; nothing else", () => {
    expect(machine.nextStatus("refund", "insufficient_not_refunded")).toBe("insufficient_refunded");
    for (const from of ["success", "manual_review", "aml_hold"] as const) expect(machine.nextStatus("refund", from)).toBe("refunded");
    for (const from of ["pending", "expired", "cancelled", "refunded", "insufficient_refunded"] as const) {
      expect(machine.canApply("refund", from)).toBe(false);
    }
  });

  it("transfers: pending confirms or (late) flags, expired flags, open action-required statuses record, the rest refuse", () => {
    const onTime = { late: false, covers: false };
    expect(machine.transferEffect("pending", onTime)).toBe("confirm_payment");
    expect(machine.transferEffect("pending", { late: true, covers: false })).toBe("flag_payment");
    expect(machine.transferEffect("expired", onTime)).toBe("flag_payment");
    for (const status of ["insufficient_not_refunded", "manual_review", "aml_hold"] as const) expect(machine.transferEffect(status, onTime)).toBe("record");
    for (const status of ["success", "refunded", "insufficient_refunded", "cancelled"] as const) expect(machine.transferEffect(status, onTime)).toBe("refuse");
    // An on-time top-up completing the amount settles an underpaid intent (product-decisions §9).
    expect(machine.transferEffect("insufficient_not_refunded", { late: false, covers: true })).toBe("confirm_payment");
    expect(machine.transferEffect("insufficient_not_refunded", { late: true, covers: true })).toBe("record");
    expect(machine.nextStatus("confirm_payment", "insufficient_not_refunded", { receivedUnits: 5n, dueUnits: 5n })).toBe("success");
  });

  it("only a pending intent expires", () => {
    expect(machine.nextStatus("expire", "pending")).toBe("expired");
    expect(STANDALONE_STATUSES.filter((status) => machine.canApply("expire", status))).toEqual(["pending"]);
  });
});

import { describe, expect, it } from "vitest";
import { stepUpRequired } from "@/lib/console/step-up";
import { movesFunds, INVOICE_ACTIONS, PAYMENT_INTENT_ACTIONS, PAYOUT_ACTIONS, WITHDRAWAL_ACTIONS } from "@/lib/workflow/actions";

// Spelled out in clock time, not read from STEP_UP_MAX_AGE_MS: changing the window must fail here.
const MINUTE = 60_000;

describe("step-up window", () => {
  const checked = new Date("2026-01-01T00:00:00Z");
  const at = (ms: number) => new Date(checked.getTime() + ms);

  it("lets money move for 5 minutes after the password was proved, not a moment longer", () => {
    expect(stepUpRequired(checked, at(0))).toBe(false);
    expect(stepUpRequired(checked, at(5 * MINUTE))).toBe(false);
    expect(stepUpRequired(checked, at(5 * MINUTE + 1))).toBe(true);
    expect(stepUpRequired(checked, at(60 * MINUTE))).toBe(true);
  });

  it("asks a session that never recorded a check (older than the column)", () => {
    expect(stepUpRequired(null, at(0))).toBe(true);
  });
});

describe("which actions move funds", () => {
  const moving = (table: Record<string, object>) => Object.keys(table).filter((name) => movesFunds(table as never, name));

  it("sign, every refund and a withdrawal's approval (its last one sends it); approving an invoice or payout only opens an address", () => {
    expect(moving(INVOICE_ACTIONS)).toEqual(["sign", "refund"]);
    expect(moving(PAYOUT_ACTIONS)).toEqual(["refund"]);
    expect(moving(PAYMENT_INTENT_ACTIONS)).toEqual(["refund"]);
    expect(moving(WITHDRAWAL_ACTIONS)).toEqual(["approve"]);
  });

  it("is false for a name the table does not declare, inherited ones included", () => {
    expect(movesFunds(INVOICE_ACTIONS, "withdraw")).toBe(false);
    expect(movesFunds(INVOICE_ACTIONS, "constructor")).toBe(false);
    expect(movesFunds(INVOICE_ACTIONS, undefined)).toBe(false);
  });
});

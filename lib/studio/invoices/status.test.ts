import { describe, expect, it } from "vitest";
import {
  ACTION_SOURCES,
  canApply,
  INVOICE_STATUSES,
  nextStatus,
  paymentOutcome,
  paymentStatusFor,
  STATUS_CATEGORY,
  TERMINAL_STATUSES,
  transferEffect,
  type InvoiceAction,
} from "@/lib/studio/invoices/status";
import { TransitionRefused } from "@/lib/studio/workflow/state-machine";

const noFunds = { receivedUnits: 0n, dueUnits: 100n };

describe("state table (product-decisions §1)", () => {
  it("has exactly the documented rows", () => {
    const rows = Object.fromEntries(
      (Object.keys(ACTION_SOURCES) as InvoiceAction[]).map((action) => [
        action,
        INVOICE_STATUSES.filter((status) => canApply(action, status, noFunds)).map((status) => [
          status,
          nextStatus(action, status, { receivedUnits: 0n, dueUnits: 0n }),
        ]),
      ]),
    );
    expect(rows).toEqual({
      update: [
        ["approval_pending", "approval_pending"],
        ["rejected", "approval_pending"],
      ],
      approve: [["approval_pending", "approved"]],
      reject: [["approval_pending", "rejected"]],
      cancel: [
        ["approval_pending", "cancelled"],
        ["approved", "cancelled"],
      ],
      sign: [
        ["paid", "signed"],
        ["underpaid", "signed"],
        ["payment_review", "signed"],
      ],
      refund: [
        ["paid", "refunded"],
        ["underpaid", "refunded"],
        ["payment_review", "refunded"],
      ],
      confirm_payment: [
        ["approved", "paid"],
        ["underpaid", "paid"],
      ],
      expire: [["approved", "expired"]],
      flag_payment: [
        ["approved", "payment_review"],
        ["expired", "payment_review"],
        ["paid", "payment_review"],
        ["underpaid", "payment_review"],
      ],
    });
  });

  it("refuses cancel of an approved invoice once funds arrived", () => {
    expect(() => nextStatus("cancel", "approved", { receivedUnits: 1n, dueUnits: 100n })).toThrow(TransitionRefused);
    expect(nextStatus("cancel", "approved", noFunds)).toBe("cancelled");
  });

  it("names the current status when refusing", () => {
    expect(() => nextStatus("approve", "signed")).toThrow(/status is signed/);
  });

  it("lets nothing leave a terminal status", () => {
    for (const status of TERMINAL_STATUSES) {
      for (const action of Object.keys(ACTION_SOURCES) as InvoiceAction[]) expect(canApply(action, status, noFunds)).toBe(false);
    }
    expect(TERMINAL_STATUSES).toEqual(["cancelled", "signed", "refunded"]);
  });

  it("decides paid vs underpaid on the total received", () => {
    expect(paymentOutcome({ receivedUnits: 100n, dueUnits: 100n })).toBe("paid");
    expect(paymentOutcome({ receivedUnits: 101n, dueUnits: 100n })).toBe("paid");
    expect(paymentOutcome({ receivedUnits: 99n, dueUnits: 100n })).toBe("underpaid");
  });

  it("maps each confirmed transfer to its effect", () => {
    const onTime = { late: false, covers: false };
    const late = { late: true, covers: false };
    expect(transferEffect("approved", onTime)).toBe("confirm_payment");
    expect(transferEffect("approved", late)).toBe("flag_payment");
    expect(transferEffect("expired", onTime)).toBe("flag_payment");
    for (const status of ["paid", "underpaid", "payment_review"] as const) expect(transferEffect(status, late)).toBe("record");
    for (const status of ["approval_pending", "rejected", "cancelled", "signed", "refunded"] as const) {
      expect(transferEffect(status, onTime)).toBe("refuse");
    }
  });

  it("lets an on-time top-up that completes the amount pay an underpaid invoice, and only that (product-decisions §9)", () => {
    expect(transferEffect("underpaid", { late: false, covers: true })).toBe("confirm_payment");
    expect(transferEffect("underpaid", { late: false, covers: false })).toBe("record");
    expect(transferEffect("underpaid", { late: true, covers: true })).toBe("record");
    expect(transferEffect("paid", { late: false, covers: true })).toBe("record");
    expect(nextStatus("confirm_payment", "underpaid", { receivedUnits: 100n, dueUnits: 100n })).toBe("paid");
  });

  it("pairs every status with its category and payment status", () => {
    expect(STATUS_CATEGORY).toEqual({
      approval_pending: "pending_review",
      approved: "awaiting_payment",
      rejected: "closed",
      cancelled: "closed",
      expired: "closed",
      paid: "action_required",
      underpaid: "action_required",
      payment_review: "action_required",
      signed: "completed",
      refunded: "completed",
    });
    const plain = { underpaid: false };
    expect(INVOICE_STATUSES.map((status) => paymentStatusFor(status, plain))).toEqual([
      "awaiting_approval",
      "pending",
      "cancelled",
      "cancelled",
      "expired",
      "success",
      "insufficient_not_refunded",
      "manual_review",
      "success",
      "refunded",
    ]);
    expect(paymentStatusFor("refunded", { underpaid: true })).toBe("insufficient_refunded");
    expect(paymentStatusFor("payment_review", { underpaid: false, amlHold: true })).toBe("aml_hold");
  });
});

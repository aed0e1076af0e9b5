import { describe, expect, it } from "vitest";
import { EVENT_TYPE_PATTERNS, EVENT_TYPES, isEventTypePattern, matchesEventType } from "@/lib/studio/webhooks/event-types";

describe("webhook event types and patterns", () => {
  it("lists every status of every record kind, and the reversal news, as <object>.<what>", () => {
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(["invoice.approved", "invoice.paid", "payout.completed", "payment_intent.success", "payout.payment_reversed", "invoice.unmatched_deposit"]));
    expect(EVENT_TYPES.every((type) => /^(invoice|payout|payment_intent)\.[a-z_]+$/.test(type))).toBe(true);
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
  });

  it("accepts `*`, `<object>.*` and exact types as patterns, nothing else", () => {
    for (const pattern of ["*", "invoice.*", "payout.*", "payment_intent.*", "invoice.paid"]) expect(isEventTypePattern(pattern)).toBe(true);
    for (const pattern of ["", "**", "invoice", "invoice.", "invoices.*", "*.paid", "invoice.pa*", "invoice.shipped", " invoice.paid", "INVOICE.PAID"]) {
      expect(isEventTypePattern(pattern), pattern).toBe(false);
    }
    expect(EVENT_TYPE_PATTERNS).toHaveLength(EVENT_TYPES.length + 4);
  });

  it("matches a type against an endpoint's patterns", () => {
    expect(matchesEventType(["*"], "payout.approved")).toBe(true);
    expect(matchesEventType(["payout.*"], "payout.approved")).toBe(true);
    expect(matchesEventType(["payout.*"], "invoice.approved")).toBe(false);
    expect(matchesEventType(["payout.approved"], "payout.approved")).toBe(true);
    expect(matchesEventType(["payout.approved"], "payout.completed")).toBe(false);
    // A prefix of another object's name is not that object.
    expect(matchesEventType(["payment_intent.*"], "payout.approved")).toBe(false);
    expect(matchesEventType(["invoice.paid", "payout.*"], "invoice.paid")).toBe(true);
    expect(matchesEventType([], "invoice.paid")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { auditObjectHref, maskedKey } from "@/lib/console/team-labels";

describe("team labels", () => {
  it("links an audit row to the console page of its object", () => {
    expect(auditObjectHref("invoice", "inv 1")).toBe("/invoices/inv%201");
    expect(auditObjectHref("payout", "po_1")).toBe("/payouts/po_1");
    expect(auditObjectHref("payment_intent", "pi_1")).toBe("/payment-intents/pi_1");
    expect(auditObjectHref("withdrawal", "tr_1")).toBe("/balances");
    expect(auditObjectHref("api_key", "key_1")).toBe("/settings/keys");
    expect(auditObjectHref("user", "u&1")).toBe("/settings/audit?object_type=user&object_id=u%261");
    expect(auditObjectHref("something_new", "x")).toBeUndefined();
  });

  it("masks a key to prefix and last four", () => {
    expect(maskedKey({ prefix: "stk_ab12", last4: "9xYz" })).toBe("stk_ab12…9xYz");
  });
});

import { describe, expect, it } from "vitest";
import { defaultPaymentDeadline } from "@/lib/studio/invoices/deadline";

const DAY = 86_400;
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe("defaultPaymentDeadline", () => {
  it("is the issue date plus payment_terms days", () => {
    expect(
      defaultPaymentDeadline({ issueDate: new Date("2026-03-01T00:00:00Z"), paymentTerms: 30, approvedAt: new Date("2026-03-02T12:00:00Z") }),
    ).toBe(seconds("2026-03-31T00:00:00Z"));
  });

  it("is 24 hours after approval for payment_terms 0 (due on receipt)", () => {
    const approvedAt = new Date("2026-03-02T12:34:56Z");
    expect(defaultPaymentDeadline({ issueDate: new Date("2026-03-01T00:00:00Z"), paymentTerms: 0, approvedAt })).toBe(
      seconds("2026-03-03T12:34:56Z"),
    );
  });

  it("never closes less than 24 hours after approval, even for an old issue date", () => {
    const approvedAt = new Date("2026-06-01T00:00:00Z");
    expect(defaultPaymentDeadline({ issueDate: new Date("2026-01-01T00:00:00Z"), paymentTerms: 7, approvedAt })).toBe(
      seconds("2026-06-01T00:00:00Z") + DAY,
    );
  });

  it("is a whole number of seconds", () => {
    const value = defaultPaymentDeadline({ issueDate: new Date("2026-03-01T00:00:00.999Z"), paymentTerms: 1, approvedAt: new Date("2026-01-01T00:00:00.5Z") });
    expect(Number.isInteger(value)).toBe(true);
    expect(value).toBe(seconds("2026-03-02T00:00:00Z"));
  });
});

import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/console/safe-next";

describe("where sign-in goes next", () => {
  it("keeps same-origin paths", () => {
    expect(safeNextPath("/invoices/ii_123")).toBe("/invoices/ii_123");
    expect(safeNextPath("/invoices?status_category=pending_review&page=2")).toBe("/invoices?status_category=pending_review&page=2");
    expect(safeNextPath("/payouts#top")).toBe("/payouts#top");
  });

  it.each([
    "/\\evil.example",
    "/\\\\evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example/invoices",
    "http:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    " //evil.example",
    "\\\\evil.example",
    "/invoices\\..\\\\evil.example",
    "",
  ])("refuses %j", (next) => {
    expect(safeNextPath(next)).toBe("/invoices");
  });

  it("falls back when there is no next", () => {
    expect(safeNextPath(null)).toBe("/invoices");
    expect(safeNextPath(undefined)).toBe("/invoices");
  });
});

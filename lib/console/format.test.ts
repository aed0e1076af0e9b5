import { describe, expect, it } from "vitest";
import { countdownParts, formatDateTime, shortAmount, statusLabel } from "@/lib/console/format";

describe("console formatting", () => {
  it("counts down to a deadline in its two largest units, minutes and seconds padded after a larger unit", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(countdownParts(now / 1000 + 90061, now)).toMatchObject({ unit: "days", days: "1", hours: "1" });
    expect(countdownParts(now / 1000 + 3900, now)).toMatchObject({ unit: "hours", hours: "1", minutes: "05" });
    expect(countdownParts(now / 1000 + 65, now)).toMatchObject({ unit: "minutes", minutes: "1", seconds: "05" });
    expect(countdownParts(now / 1000 - 1, now)).toBeNull();
  });

  it("formats timestamps and statuses for people", () => {
    expect(formatDateTime("2026-03-04T05:06:07Z")).toBe("2026-03-04 05:06 UTC");
    expect(formatDateTime(0)).toBe("—");
    expect(statusLabel("approval_pending")).toBe("Pending approval");
    expect(statusLabel("underfunded")).toBe("Underfunded");
  });

  it("shortens long fractions without rounding, keeps the whole part, and leaves short amounts alone", () => {
    expect(shortAmount("1.292307692307692308", 10)).toEqual({ text: "1.29230769…", cut: true });
    expect(shortAmount("1234000.000000000000000001", 10)).toEqual({ text: "1234000.00…", cut: true });
    expect(shortAmount("124.990000", 10)).toEqual({ text: "124.990000", cut: false });
    expect(shortAmount("123456789012", 10)).toEqual({ text: "123456789012", cut: false });
    expect(shortAmount("98.5", 10)).toEqual({ text: "98.5", cut: false });
  });
});

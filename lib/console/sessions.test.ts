import { describe, expect, it } from "vitest";
import { isExpired } from "@/lib/console/session-policy";

// The limits are spelled out in clock time here, not read from the module's own constants: a
// change to IDLE_MS or ABSOLUTE_MS must fail this test, not move it along.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("session expiry", () => {
  const start = new Date("2026-01-01T00:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);

  it("expires after 30 minutes idle, counted from the last request", () => {
    expect(isExpired({ createdAt: start, lastSeenAt: start }, at(29 * MINUTE + 59_999))).toBe(false);
    expect(isExpired({ createdAt: start, lastSeenAt: start }, at(30 * MINUTE))).toBe(false);
    expect(isExpired({ createdAt: start, lastSeenAt: start }, at(30 * MINUTE + 1))).toBe(true);
    // Activity moves the idle clock: 29 minutes after a request at 2 h is still alive.
    expect(isExpired({ createdAt: start, lastSeenAt: at(2 * HOUR) }, at(2 * HOUR + 29 * MINUTE))).toBe(false);
    expect(isExpired({ createdAt: start, lastSeenAt: at(2 * HOUR) }, at(2 * HOUR + 31 * MINUTE))).toBe(true);
  });

  it("expires 12 hours after sign-in however active", () => {
    expect(isExpired({ createdAt: start, lastSeenAt: at(12 * HOUR) }, at(12 * HOUR))).toBe(false);
    expect(isExpired({ createdAt: start, lastSeenAt: at(12 * HOUR) }, at(12 * HOUR + 1))).toBe(true);
  });
});

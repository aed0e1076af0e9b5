import { describe, expect, it } from "vitest";
import { ABSOLUTE_MS, IDLE_MS, isExpired } from "@/lib/console/session-policy";

describe("session expiry", () => {
  const start = new Date("2026-01-01T00:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);

  it("expires after 30 minutes idle", () => {
    expect(isExpired({ createdAt: start, lastSeenAt: start }, at(IDLE_MS))).toBe(false);
    expect(isExpired({ createdAt: start, lastSeenAt: start }, at(IDLE_MS + 1))).toBe(true);
  });

  it("expires 12 hours after sign-in however active", () => {
    expect(isExpired({ createdAt: start, lastSeenAt: at(ABSOLUTE_MS) }, at(ABSOLUTE_MS))).toBe(false);
    expect(isExpired({ createdAt: start, lastSeenAt: at(ABSOLUTE_MS) }, at(ABSOLUTE_MS + 1))).toBe(true);
  });
});

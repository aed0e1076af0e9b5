import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SCHEDULE_SECONDS, nextRetryAt } from "@/lib/studio/webhooks/schedule";

describe("webhook retry schedule", () => {
  it("waits each step after the attempt that failed, then gives up", () => {
    const failedAt = new Date("2026-01-01T00:00:00Z");
    expect(nextRetryAt(1, failedAt, DEFAULT_RETRY_SCHEDULE_SECONDS)?.toISOString()).toBe("2026-01-01T00:00:30.000Z");
    expect(nextRetryAt(2, failedAt, DEFAULT_RETRY_SCHEDULE_SECONDS)?.toISOString()).toBe("2026-01-01T00:02:00.000Z");
    expect(nextRetryAt(8, failedAt, DEFAULT_RETRY_SCHEDULE_SECONDS)?.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(nextRetryAt(9, failedAt, DEFAULT_RETRY_SCHEDULE_SECONDS)).toBeNull();
    expect(nextRetryAt(4, failedAt, [1, 2, 3])).toBeNull();
  });
});

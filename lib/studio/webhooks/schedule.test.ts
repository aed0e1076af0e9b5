import { describe, expect, it } from "vitest";
import { nextRetryAt } from "@/lib/studio/webhooks/schedule";

// The default schedule itself (30 s … 24 h) is tested where the dispatcher uses it, on a real
// outbox: e2e/node/webhooks.test.ts, "without WEBHOOK_RETRY_SCHEDULE".
describe("webhook retry schedule", () => {
  it("waits each step after the attempt that failed, then gives up", () => {
    const failedAt = new Date("2026-01-01T00:00:00Z");
    expect(nextRetryAt(1, failedAt, [1, 20, 300])?.toISOString()).toBe("2026-01-01T00:00:01.000Z");
    expect(nextRetryAt(2, failedAt, [1, 20, 300])?.toISOString()).toBe("2026-01-01T00:00:20.000Z");
    expect(nextRetryAt(3, failedAt, [1, 20, 300])?.toISOString()).toBe("2026-01-01T00:05:00.000Z");
    expect(nextRetryAt(4, failedAt, [1, 20, 300])).toBeNull();
    expect(nextRetryAt(1, failedAt, [])).toBeNull();
  });
});

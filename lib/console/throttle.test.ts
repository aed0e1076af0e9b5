import { describe, expect, it } from "vitest";
import { createThrottle } from "@/lib/console/throttle";

describe("sign-in throttle", () => {
  it("blocks after the limit within the window and frees the key when the window passes", () => {
    const throttle = createThrottle({ limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter("a", 1000 + i)).toBe(0);
      throttle.fail("a", 1000 + i);
    }
    expect(throttle.retryAfter("a", 2000)).toBe(59);
    expect(throttle.retryAfter("b", 2000)).toBe(0);
    expect(throttle.retryAfter("a", 61_001)).toBe(0);
  });

  it("reset clears the failures of one key only", () => {
    const throttle = createThrottle({ limit: 1, windowMs: 60_000 });
    throttle.fail("a", 0);
    throttle.fail("b", 0);
    throttle.reset("a");
    expect(throttle.retryAfter("a", 1)).toBe(0);
    expect(throttle.retryAfter("b", 1)).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from "vitest";
import { DIRECT } from "@/lib/console/client-request";
import { makeSignInThrottles, reserveSignIn } from "@/lib/console/sign-in-throttle";

describe("sign-in reservations", () => {
  it("parallel attempts on one account: five go ahead, the rest wait, before any password is checked", () => {
    const throttles = makeSignInThrottles();
    const outcomes = Array.from({ length: 50 }, () => reserveSignIn("a@x.test", DIRECT, throttles, 1000));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
    expect(outcomes.at(-1)).toMatchObject({ ok: false });
    expect((outcomes.at(-1) as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
  });

  it("a success clears the account's count", () => {
    const throttles = makeSignInThrottles();
    for (let i = 0; i < 4; i++) reserveSignIn("a@x.test", DIRECT, throttles, 1000);
    const fifth = reserveSignIn("a@x.test", DIRECT, throttles, 1000);
    expect(fifth.ok).toBe(true);
    if (fifth.ok) fifth.succeeded();
    for (let i = 0; i < 5; i++) expect(reserveSignIn("a@x.test", DIRECT, throttles, 1001).ok).toBe(true);
  });

  it("limits an address across accounts only when the address is known (a trusted proxy)", () => {
    const throttles = makeSignInThrottles();
    for (let i = 0; i < 30; i++) expect(reserveSignIn(`u${i}@x.test`, "203.0.113.7", throttles, 1000).ok).toBe(true);
    expect(reserveSignIn("next@x.test", "203.0.113.7", throttles, 1000).ok).toBe(false);
    // The refused attempt was not counted against the account.
    expect(throttles.account.retryAfter("next@x.test", 1000)).toBe(0);
    expect(reserveSignIn("next@x.test", "198.51.100.1", throttles, 1000).ok).toBe(true);
    // Direct callers share no address bucket: one of them cannot lock out all the others.
    for (let i = 0; i < 100; i++) expect(reserveSignIn(`d${i}@x.test`, DIRECT, throttles, 1000).ok).toBe(true);
  });

  it("a success gives the address its attempt back", () => {
    const throttles = makeSignInThrottles();
    for (let i = 0; i < 29; i++) reserveSignIn(`u${i}@x.test`, "203.0.113.7", throttles, 1000);
    const good = reserveSignIn("good@x.test", "203.0.113.7", throttles, 1000);
    if (good.ok) good.succeeded();
    expect(reserveSignIn("another@x.test", "203.0.113.7", throttles, 1000).ok).toBe(true);
  });
});

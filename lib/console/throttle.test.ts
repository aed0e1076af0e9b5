import { describe, expect, it } from "vitest";
import { createThrottle } from "@/lib/console/throttle";

describe("sign-in throttle", () => {
  it("blocks after the limit within the window and frees the key when the window passes", () => {
    const throttle = createThrottle({ limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(throttle.attempt("a", 1000 + i).ok).toBe(true);
    expect(throttle.retryAfter("a", 2000)).toBe(59);
    expect(throttle.attempt("a", 2000)).toEqual({ ok: false, retryAfter: 59 });
    expect(throttle.retryAfter("b", 2000)).toBe(0);
    expect(throttle.retryAfter("a", 61_001)).toBe(0);
  });

  it("counts an attempt when it starts, so attempts still running use up the limit", () => {
    const throttle = createThrottle({ limit: 5, windowMs: 60_000 });
    // Twenty parallel attempts, none finished yet: only five may go ahead.
    const outcomes = Array.from({ length: 20 }, () => throttle.attempt("a", 1000));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
  });

  it("a released attempt is given back; a refused one was never counted", () => {
    const throttle = createThrottle({ limit: 2, windowMs: 60_000 });
    const first = throttle.attempt("a", 0);
    expect(throttle.attempt("a", 1).ok).toBe(true);
    expect(throttle.attempt("a", 2).ok).toBe(false);
    if (first.ok) first.release();
    expect(throttle.attempt("a", 3).ok).toBe(true);
    expect(throttle.attempt("a", 4).ok).toBe(false);
  });

  it("reset clears the attempts of one key only", () => {
    const throttle = createThrottle({ limit: 1, windowMs: 60_000 });
    throttle.attempt("a", 0);
    throttle.attempt("b", 0);
    throttle.reset("a");
    expect(throttle.retryAfter("a", 1)).toBe(0);
    expect(throttle.retryAfter("b", 1)).toBeGreaterThan(0);
  });

  it("tracks at most maxKeys keys, dropping expired keys first, then the least recently counted", () => {
    const throttle = createThrottle({ limit: 1, windowMs: 1000, maxKeys: 3 });
    throttle.attempt("old", 0);
    throttle.attempt("b", 900);
    throttle.attempt("c", 950);
    throttle.attempt("d", 1500); // "old" has expired: it goes, b and c stay blocked
    expect(throttle.size()).toBe(3);
    expect(throttle.retryAfter("b", 1500)).toBeGreaterThan(0);
    expect(throttle.retryAfter("c", 1500)).toBeGreaterThan(0);
    throttle.attempt("e", 1600); // nothing expired: the least recently counted (b) goes
    expect(throttle.size()).toBe(3);
    expect(throttle.retryAfter("b", 1600)).toBe(0);
    expect(throttle.retryAfter("c", 1600)).toBeGreaterThan(0);
    for (let i = 0; i < 10_000; i++) throttle.attempt(`flood-${i}`, 2000 + i);
    expect(throttle.size()).toBe(3);
  });

  it("keeps no more than `limit` timestamps for a key", () => {
    const throttle = createThrottle({ limit: 2, windowMs: 10 });
    for (let now = 0; now < 10_000; now += 20) expect(throttle.attempt("a", now).ok).toBe(true);
    expect(throttle.size()).toBe(1);
  });
});

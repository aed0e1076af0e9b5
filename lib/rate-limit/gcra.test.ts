import { describe as group, expect, it } from "vitest";
import { decide, perSecond, perWindow, type Policy, type Verdict } from "@/lib/rate-limit/gcra";

const SECOND = 1_000_000;

/** Requests at the given times (µs), each against the state the previous one left. */
function run(policy: Policy, times: number[]): Verdict[] {
  let tat: number | undefined;
  return times.map((now) => {
    const verdict = decide(tat, now, policy);
    tat = verdict.tatUs;
    return verdict;
  });
}

group("GCRA", () => {
  it("allows a full burst at once, counting down what remains, then refuses", () => {
    const verdicts = run(perSecond(5), Array(7).fill(10 * SECOND));
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(verdicts.map((verdict) => verdict.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
    expect(verdicts.every((verdict) => verdict.limit === 5)).toBe(true);
  });

  it("a refusal changes nothing: the state after it is the state before it", () => {
    const [, , refused] = run(perSecond(2), [0, 0, 0]);
    const [, second] = run(perSecond(2), [0, 0]);
    expect(refused?.allowed).toBe(false);
    expect(refused?.tatUs).toBe(second?.tatUs);
  });

  it("holds a steady rate: after the burst, exactly one request per interval", () => {
    const policy = perSecond(10);
    const start = 5 * SECOND;
    // The burst at `start`, then a request every millisecond for two seconds.
    const times = [...Array(10).fill(start), ...Array.from({ length: 2000 }, (_, ms) => start + (ms + 1) * 1000)];
    const verdicts = run(policy, times);
    const allowedAfterBurst = verdicts.slice(10).filter((verdict) => verdict.allowed).length;
    expect(verdicts.slice(0, 10).every((verdict) => verdict.allowed)).toBe(true);
    expect(allowedAfterBurst).toBe(20);
  });

  it("Retry-After is the whole seconds until the next request fits, and it does fit then", () => {
    const policy = perWindow(3, 60_000); // 3 at once, then one every 20 s
    const verdicts = run(policy, [0, 0, 0, 5 * SECOND]);
    const refused = verdicts[3]!;
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(15);
    expect(refused.resetSeconds).toBe(55);
    // One microsecond early is still too early; at the advertised moment the key works again.
    expect(decide(refused.tatUs, 20 * SECOND - 1, policy).allowed).toBe(false);
    expect(decide(refused.tatUs, 20 * SECOND, policy).allowed).toBe(true);
  });

  it("rounds a sub-second wait up to one second, never down to zero", () => {
    const policy = perSecond(100);
    const verdicts = run(policy, Array(101).fill(0));
    expect(verdicts[100]).toMatchObject({ allowed: false, retryAfterSeconds: 1, resetSeconds: 1 });
  });

  it("recovers: an idle key gets its whole burst back, and no more", () => {
    const policy = perSecond(4);
    const drained = run(policy, [0, 0, 0, 0]);
    const tat = drained.at(-1)!.tatUs;
    expect(decide(tat, 500_000, policy)).toMatchObject({ allowed: true, remaining: 1 });
    expect(decide(tat, SECOND, policy)).toMatchObject({ allowed: true, remaining: 3, resetSeconds: 1 });
    // A long idle time does not bank more than one burst.
    const later = run(policy, Array(6).fill(tat + 3600 * SECOND));
    expect(later.filter((verdict) => verdict.allowed)).toHaveLength(4);
  });

  it("refuses policies that could never allow a request", () => {
    expect(() => perSecond(0)).toThrow();
    expect(() => perWindow(0, 1000)).toThrow();
    expect(() => perSecond(2.5, 0.5)).toThrow();
  });
});

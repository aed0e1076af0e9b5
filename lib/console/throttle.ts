// Failed sign-ins counted in memory per key over a sliding window: enough for one server
// process; several processes would each allow their own share.
export type Throttle = {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now?: number): number;
  fail(key: string, now?: number): void;
  reset(key: string): void;
};

export function createThrottle({ limit, windowMs }: { limit: number; windowMs: number }): Throttle {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < windowMs);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  return {
    retryAfter(key, now = Date.now()) {
      const kept = recent(key, now);
      if (kept.length < limit) return 0;
      const oldest = kept[kept.length - limit] ?? now;
      return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    },
    fail(key, now = Date.now()) {
      failures.set(key, [...recent(key, now), now]);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}

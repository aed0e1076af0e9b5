// Sign-in attempts counted in memory per key over a sliding window: enough for one server
// process; several processes would each allow their own share.
//
// An attempt is counted when it starts (`attempt`), not when it has failed, so parallel requests
// cannot all pass the check while the first ones are still hashing; a success gives its
// attempt back (`release`) or clears the key (`reset`).
//
// Memory is bounded: at most `limit` timestamps per key and at most `maxKeys` keys. Keys are kept
// in least-recently-counted order; at the cap, keys whose window has passed go first, then the
// least recently counted one. Evicting a live key forgets its count, so the cap is set well above
// what an attacker can fill within one window (every counted attempt costs a password hash).

export type Attempt = { ok: true; release: () => void } | { ok: false; retryAfter: number };

export type Throttle = {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now?: number): number;
  /** Checks and counts in one step: ok (and counted) or the seconds to wait (nothing counted). */
  attempt(key: string, now?: number): Attempt;
  reset(key: string): void;
  /** How many keys are tracked (for tests and monitoring). */
  size(): number;
};

export function createThrottle({ limit, windowMs, maxKeys = 20_000 }: { limit: number; windowMs: number; maxKeys?: number }): Throttle {
  const attempts = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const stored = attempts.get(key);
    if (!stored) return [];
    const kept = stored.filter((at) => now - at < windowMs);
    if (!kept.length) attempts.delete(key);
    else if (kept.length !== stored.length) attempts.set(key, kept);
    return kept;
  };

  const wait = (kept: number[], now: number): number => {
    if (kept.length < limit) return 0;
    const oldest = kept[kept.length - limit] ?? now;
    return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
  };

  const makeRoom = (now: number) => {
    for (const [key, stamps] of attempts) {
      if (attempts.size < maxKeys) return;
      // Map order is least recently counted first: once one key is still live, so are the rest.
      if (now - Math.max(...stamps) < windowMs) break;
      attempts.delete(key);
    }
    while (attempts.size >= maxKeys) {
      const oldest = attempts.keys().next();
      if (oldest.done) break;
      attempts.delete(oldest.value);
    }
  };

  return {
    retryAfter(key, now = Date.now()) {
      return wait(recent(key, now), now);
    },
    attempt(key, now = Date.now()) {
      const kept = recent(key, now);
      const retryAfter = wait(kept, now);
      if (retryAfter > 0) return { ok: false, retryAfter };
      if (!attempts.has(key)) makeRoom(now);
      const stamps = [...kept, now].slice(-limit);
      attempts.delete(key);
      attempts.set(key, stamps);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          const current = attempts.get(key);
          const index = current?.lastIndexOf(now) ?? -1;
          if (!current || index < 0) return;
          current.splice(index, 1);
          if (!current.length) attempts.delete(key);
        },
      };
    },
    reset(key) {
      attempts.delete(key);
    },
    size() {
      return attempts.size;
    },
  };
}

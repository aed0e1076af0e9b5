import type { Policy, Verdict } from "@/lib/rate-limit/gcra";

/**
 * Where the counters live: PostgreSQL/PGlite (postgres-store.ts) or Redis (redis-store.ts). Each
 * `take` decides and counts in one atomic step of the store, so requests on several app servers
 * cannot all take the last request a key has left.
 */
export type RateLimitStore = {
  /**
   * One request against `key`: allowed (and counted) or refused (nothing counted). Judged by the
   * store's own clock, which every app server shares, unless `nowMs` is given (tests).
   */
  take(key: string, policy: Policy, nowMs?: number): Promise<Verdict>;
  /** Gives one request back to `key` (an attempt that turned out not to count). */
  giveBack(key: string, policy: Policy): Promise<void>;
  /** Forgets `key`: its whole burst is available again. */
  clear(key: string): Promise<void>;
  /** Deletes the state of keys idle long enough to have a full bucket (by the store's clock, or `nowMs`); returns how many. */
  purgeIdle(nowMs?: number): Promise<number>;
};

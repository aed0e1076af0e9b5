import type { RateLimitStore } from "@/lib/rate-limit/store";

/**
 * `primary` (Redis) while it answers within `timeoutMs`, else `secondary` (the database every app
 * server already shares): a limit that lets requests through uncounted whenever Redis is down is
 * no limit, and one that refuses every request would be the outage it exists to prevent. Counts
 * made in one store while the other was away are not carried over: after a switch a key may get
 * up to one more burst, never an unlimited number of requests.
 */
export function fallbackStore(primary: RateLimitStore, secondary: RateLimitStore, timeoutMs: number, report: (error: unknown) => void): RateLimitStore {
  const attempt = async <T>(work: (store: RateLimitStore) => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the rate-limit store did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([work(primary), timeout]);
    } catch (error) {
      report(error);
      return work(secondary);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    take: (key, policy, nowMs) => attempt((store) => store.take(key, policy, nowMs)),
    giveBack: (key, policy) => attempt((store) => store.giveBack(key, policy)),
    clear: (key) => attempt((store) => store.clear(key)),
    // Each store forgets its own idle keys (Redis by expiry): purge the database's too.
    purgeIdle: async (nowMs) => (await attempt((store) => store.purgeIdle(nowMs))) + (await secondary.purgeIdle(nowMs)),
  };
}

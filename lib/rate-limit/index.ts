// The rate-limit store this process uses: Redis when REDIS_URL is set (the database while Redis does
// not answer), else the database every app server already shares. Opened on first use, never at import.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { postgresStore } from "@/lib/rate-limit/postgres-store";
import { redisClient, redisStore } from "@/lib/rate-limit/redis-store";
import { fallbackStore } from "@/lib/rate-limit/fallback-store";
import type { RateLimitStore } from "@/lib/rate-limit/store";
import { log } from "@/lib/observability/log";

export type { RateLimitStore } from "@/lib/rate-limit/store";
export { perSecond, perWindow, type Policy, type Verdict } from "@/lib/rate-limit/gcra";

let store: RateLimitStore | undefined;
// Redis answers in well under a millisecond; a request waits this long at most before the database counts it.
const REDIS_TIMEOUT_MS = 250;

/** Logs Redis trouble at most once a minute: while it is down every request would say so. */
function reportOnce(): (error: unknown) => void {
  let lastAt = 0;
  return (error) => {
    if (Date.now() - lastAt < 60_000) return;
    lastAt = Date.now();
    log.error({ err: error }, "rate limit: Redis unavailable, counting in the database meanwhile");
  };
}

export function rateLimitStore(): RateLimitStore {
  const redisUrl = env.REDIS_URL;
  store ??= redisUrl ? fallbackStore(redisStore(() => redisClient(redisUrl)), postgresStore(db), REDIS_TIMEOUT_MS, reportOnce()) : postgresStore(db);
  return store;
}

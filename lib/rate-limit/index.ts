// The rate-limit store this process uses: Redis when REDIS_URL is set, else the database every app
// server already shares. Opened on first use, never at import.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { postgresStore } from "@/lib/rate-limit/postgres-store";
import { redisClient, redisStore } from "@/lib/rate-limit/redis-store";
import type { RateLimitStore } from "@/lib/rate-limit/store";

export type { RateLimitStore } from "@/lib/rate-limit/store";
export { perSecond, perWindow, type Policy, type Verdict } from "@/lib/rate-limit/gcra";

let store: RateLimitStore | undefined;

export function rateLimitStore(): RateLimitStore {
  const redisUrl = env.REDIS_URL;
  store ??= redisUrl ? redisStore(() => redisClient(redisUrl)) : postgresStore(db);
  return store;
}

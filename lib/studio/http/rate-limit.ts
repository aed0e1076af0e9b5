// The API's per-key limit: STUDIO_RATE_LIMIT requests per second per API key, the same number at
// once (GCRA burst = rate), counted in the store every app server shares.
import { env } from "@/lib/env";
import { perSecond, rateLimitStore, type Verdict } from "@/lib/rate-limit";
import { setRateLimitHeaders } from "@/lib/rate-limit/headers";

// Undefined when STUDIO_RATE_LIMIT=0: no store is ever touched.
const policy = env.STUDIO_RATE_LIMIT > 0 ? perSecond(env.STUDIO_RATE_LIMIT) : undefined;

/**
 * Counts one request of `keyId`: its verdict, or undefined when the limit is off. A store that
 * cannot be reached (Redis down) lets the request through: the limit guards capacity, and
 * refusing every request would be the outage it exists to prevent.
 */
export async function takeApiRequest(keyId: string): Promise<Verdict | undefined> {
  if (!policy) return undefined;
  try {
    return await rateLimitStore().take(`api:${keyId}`, policy);
  } catch (error) {
    console.error("[studio] rate-limit store unavailable; request let through", error);
    return undefined;
  }
}

export function rateLimitedMessage(verdict: Verdict): string {
  return `Too many requests for this API key (at most ${env.STUDIO_RATE_LIMIT} per second); retry after ${verdict.retryAfterSeconds} s`;
}

export const setApiRateLimitHeaders = (headers: Headers, verdict: Verdict) => setRateLimitHeaders(headers, verdict, 1);

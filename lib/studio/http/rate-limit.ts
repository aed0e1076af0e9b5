import "server-only";
// The API's per-key limit: STUDIO_RATE_LIMIT requests per second per API key, the same number at
// once (GCRA burst = rate), counted in the store every app server shares.
import { env } from "@/lib/env";
import { perSecond, rateLimitStore, type Verdict } from "@/lib/rate-limit";
import { setRateLimitHeaders } from "@/lib/rate-limit/headers";

// Undefined when STUDIO_RATE_LIMIT=0: no store is ever touched.
const policy = env.STUDIO_RATE_LIMIT > 0 ? perSecond(env.STUDIO_RATE_LIMIT) : undefined;

/**
 * Counts one request of `keyId`: its verdict, or undefined when the limit is off. Never lets a
 * request through uncounted: with Redis down the database counts (lib/rate-limit/index.ts).
 */
export async function takeApiRequest(keyId: string): Promise<Verdict | undefined> {
  if (!policy) return undefined;
  return rateLimitStore().take(`api:${keyId}`, policy);
}

/**
 * Counts one request whose key is missing or refused, per client address (all such requests
 * share one bucket when the address is unknown: they are refusals whatever happens): a caller
 * without a valid key gets 429s instead of costing a key lookup per request without end.
 */
export async function takeKeylessRequest(address: string): Promise<Verdict | undefined> {
  if (!policy) return undefined;
  return rateLimitStore().take(`api:keyless:${address}`, policy);
}

export function rateLimitedMessage(verdict: Verdict): string {
  return `Too many requests for this API key (at most ${env.STUDIO_RATE_LIMIT} per second); retry after ${verdict.retryAfterSeconds} s`;
}

export function keylessRateLimitedMessage(verdict: Verdict): string {
  return `Too many requests without a valid API key from this address (at most ${env.STUDIO_RATE_LIMIT} per second); retry after ${verdict.retryAfterSeconds} s`;
}

export const setApiRateLimitHeaders = (headers: Headers, verdict: Verdict) => setRateLimitHeaders(headers, verdict, 1);

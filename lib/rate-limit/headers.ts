import type { Verdict } from "@/lib/rate-limit/gcra";

/**
 * The rate-limit headers of a response, in the three-header form of
 * draft-ietf-httpapi-ratelimit-headers that most clients read: RateLimit-Limit (the burst),
 * RateLimit-Remaining (requests available now), RateLimit-Reset (seconds until the bucket is
 * full again), plus RateLimit-Policy (the burst per window) and, on a refusal, Retry-After.
 */
export function setRateLimitHeaders(headers: Headers, verdict: Verdict, windowSeconds: number): void {
  headers.set("RateLimit-Limit", String(verdict.limit));
  headers.set("RateLimit-Remaining", String(verdict.remaining));
  headers.set("RateLimit-Reset", String(verdict.resetSeconds));
  headers.set("RateLimit-Policy", `${verdict.limit};w=${windowSeconds}`);
  if (!verdict.allowed) headers.set("Retry-After", String(verdict.retryAfterSeconds));
}

// The rate-limit algorithm, free of any store: GCRA (the generic cell rate algorithm), which is a
// token bucket kept as one number per key. A key may spend `burst` requests at once; one more
// becomes available every `intervalUs`. The state is the key's "theoretical arrival time" (TAT):
// the moment its bucket would be full again. A missing or past TAT means a full bucket, so a row
// whose TAT has passed carries no information and may be deleted.
//
// Times are whole microseconds, so the SQL and Lua versions of `decide` compute exactly what this
// one does (integers below 2^53 are exact in a double, in JavaScript and in Lua alike).

export type Policy = {
  /** Requests a full bucket allows at once (at least 1). */
  burst: number;
  /** Microseconds until one more request is available. */
  intervalUs: number;
};

export type Verdict = {
  allowed: boolean;
  /** The TAT after this request: the new one when allowed, the unchanged one when refused. */
  tatUs: number;
  /** The bucket's size, for the RateLimit-Limit header. */
  limit: number;
  /** Requests still available right now. */
  remaining: number;
  /** Whole seconds until this key may try again: at least 1 when refused, 0 when allowed. */
  retryAfterSeconds: number;
  /** Whole seconds until the bucket is full again. */
  resetSeconds: number;
};

const US_PER_SECOND = 1_000_000;

/** `rate` requests per second, at most `burst` at once (by default one second's worth). */
export function perSecond(rate: number, burst: number = rate): Policy {
  return policy(burst, Math.round(US_PER_SECOND / rate));
}

/** `limit` requests at once, refilled at `limit` per `windowMs` (one every windowMs / limit). */
export function perWindow(limit: number, windowMs: number): Policy {
  return policy(limit, Math.round((windowMs * 1000) / limit));
}

function policy(burst: number, intervalUs: number): Policy {
  if (!Number.isInteger(burst) || burst < 1) throw new Error(`burst must be a whole number of at least 1, not ${burst}`);
  if (!(intervalUs >= 1)) throw new Error("a rate-limit interval must be at least one microsecond");
  return { burst, intervalUs };
}

export const microsFromMillis = (ms: number): number => Math.round(ms * 1000);

/**
 * One request against a key whose stored TAT is `storedTatUs` (undefined: never seen, or
 * purged), at `nowUs`. Allowed when the bucket still holds a request; a refusal changes nothing.
 */
export function decide(storedTatUs: number | undefined, nowUs: number, { burst, intervalUs }: Policy): Verdict {
  const base = Math.max(storedTatUs ?? nowUs, nowUs);
  const next = base + intervalUs;
  const allowed = next - nowUs <= burst * intervalUs;
  return describe(allowed, allowed ? next : base, nowUs, { burst, intervalUs });
}

/**
 * The verdict a store reports: whether it allowed the request and the TAT it holds afterwards.
 * Stores decide in one atomic step of their own (SQL, Lua) and hand the outcome back here for the
 * numbers the response headers carry.
 */
export function describe(allowed: boolean, tatUs: number, nowUs: number, { burst, intervalUs }: Policy): Verdict {
  const ahead = Math.max(0, tatUs - nowUs);
  const remaining = Math.max(0, Math.floor((burst * intervalUs - ahead) / intervalUs));
  // The next request fits once the TAT is no more than (burst - 1) intervals ahead.
  const waitUs = ahead - (burst - 1) * intervalUs;
  return {
    allowed,
    tatUs,
    limit: burst,
    remaining: allowed ? remaining : 0,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(waitUs / US_PER_SECOND)),
    resetSeconds: Math.ceil(ahead / US_PER_SECOND),
  };
}

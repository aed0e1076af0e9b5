import { DIRECT } from "@/lib/console/client-request";
import { createThrottle, type Throttle } from "@/lib/console/throttle";

// Per account: 5 attempts in 15 minutes. Per client address: more, since an office shares one.
// The address limit needs a trusted proxy (TRUSTED_PROXY_HOPS): without one every caller is
// DIRECT, which is not throttled as a whole (one bad actor would lock everybody out), so the
// per-account limit is what holds.
export type SignInThrottles = { account: Throttle; address: Throttle };

export const makeSignInThrottles = (): SignInThrottles => ({
  account: createThrottle({ limit: 5, windowMs: 15 * 60 * 1000 }),
  address: createThrottle({ limit: 30, windowMs: 15 * 60 * 1000 }),
});

const holder = globalThis as typeof globalThis & { __signInThrottles?: SignInThrottles };
export const signInThrottles = (holder.__signInThrottles ??= makeSignInThrottles());

export type SignInReservation = { ok: true; succeeded: () => void } | { ok: false; retryAfter: number };

/**
 * Counts a sign-in attempt before the password is checked. Checking and counting happen in one
 * synchronous step, so parallel attempts cannot all slip under the limit. On a success, the
 * account's count is cleared and the address gets its attempt back.
 */
export function reserveSignIn(email: string, address: string, throttles = signInThrottles, now = Date.now()): SignInReservation {
  const byAddress = address !== DIRECT;
  const waits = [throttles.account.retryAfter(email, now), byAddress ? throttles.address.retryAfter(address, now) : 0];
  const retryAfter = Math.max(...waits);
  if (retryAfter > 0) return { ok: false, retryAfter };
  const account = throttles.account.attempt(email, now);
  const fromAddress = byAddress ? throttles.address.attempt(address, now) : undefined;
  if (!account.ok) return account;
  if (fromAddress && !fromAddress.ok) {
    account.release();
    return fromAddress;
  }
  return {
    ok: true,
    succeeded() {
      throttles.account.reset(email);
      if (fromAddress?.ok) fromAddress.release();
    },
  };
}

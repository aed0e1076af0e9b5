import { DIRECT } from "@/lib/http/client-request";
import { perWindow, rateLimitStore, type RateLimitStore } from "@/lib/rate-limit";

// Per account: 5 attempts, refilled at 5 per 15 minutes. Per client address: 30, since an office
// shares one. The address limit needs a trusted proxy (TRUSTED_PROXY_HOPS): without one every
// caller is DIRECT, which is not throttled as a whole (one bad actor would lock everybody out), so
// the per-account limit is what holds. The counters live in the rate-limit store (the database,
// or Redis), so the limits hold across every app server; the store forgets idle keys itself.
const WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_POLICIES = { account: perWindow(5, WINDOW_MS), address: perWindow(30, WINDOW_MS) };

const accountKey = (email: string) => `sign-in:account:${email}`;
const addressKey = (address: string) => `sign-in:address:${address}`;

export type SignInReservation = { ok: true; succeeded: () => Promise<void> } | { ok: false; retryAfter: number };

/**
 * Counts a sign-in attempt before the password is checked. The store decides and counts in one
 * atomic step, so parallel attempts, on any app server, cannot all slip under the limit. An
 * attempt refused for its address is given back to its account. On a success the account's count
 * is cleared and the address gets its attempt back.
 */
export async function reserveSignIn(
  email: string,
  address: string,
  store: RateLimitStore = rateLimitStore(),
  now?: number,
): Promise<SignInReservation> {
  const account = await store.take(accountKey(email), SIGN_IN_POLICIES.account, now);
  if (!account.allowed) return { ok: false, retryAfter: account.retryAfterSeconds };
  const byAddress = address !== DIRECT;
  if (byAddress) {
    const fromAddress = await store.take(addressKey(address), SIGN_IN_POLICIES.address, now);
    if (!fromAddress.allowed) {
      await store.giveBack(accountKey(email), SIGN_IN_POLICIES.account);
      return { ok: false, retryAfter: fromAddress.retryAfterSeconds };
    }
  }
  return {
    ok: true,
    async succeeded() {
      await store.clear(accountKey(email));
      if (byAddress) await store.giveBack(addressKey(address), SIGN_IN_POLICIES.address);
    },
  };
}

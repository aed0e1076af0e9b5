import "server-only";
import { env } from "@/lib/env";
import { DIRECT } from "@/lib/http/client-address";
import { perWindow, rateLimitStore, type RateLimitStore } from "@/lib/rate-limit";

// Sign-in limits, counted before the password is checked (a check is a full scrypt):
// - per client address (the socket's, or the forwarded one behind TRUSTED_PROXY_HOPS):
//   SIGN_IN_ADDRESS_LIMIT (30) per 15 minutes, since an office shares one;
// - globally: 10 a second after a burst of 100, so no flood of attempts (from any number of
//   addresses, with any e-mails, known or not) can spend more CPU on password hashes than that;
// - per e-mail, whether it has an account or not: a delay that grows with the wrong attempts,
//   5 per 15 minutes (then one every 3 minutes), and 20 a day (then one every 72 minutes).
// The account's delay is no lockout weapon: a sign-in from an address the account has signed in
// from before passes it (and the global limit) with the right password; a wrong one is refused.
// The counters live in the rate-limit store (the database, or Redis), shared by every app server.
const MINUTE_MS = 60 * 1000;
export const SIGN_IN_POLICIES = {
  address: perWindow(env.SIGN_IN_ADDRESS_LIMIT, 15 * MINUTE_MS),
  global: { burst: 100, intervalUs: 100_000 },
  account: [perWindow(5, 15 * MINUTE_MS), perWindow(20, 24 * 60 * MINUTE_MS)],
};

const accountKey = (email: string, tier: number) => `sign-in:account:${email}${tier ? `:${tier}` : ""}`;
const addressKey = (address: string) => `sign-in:address:${address}`;
export const SIGN_IN_GLOBAL_KEY = "sign-in:global";

export type SignInReservation =
  | { ok: true; succeeded: () => Promise<void> }
  /**
   * `passesWithRightPassword`: only the account's delay refused, from an address the account knows:
   * the password decides (right: `succeeded`; wrong: still refused).
   */
  | { ok: false; retryAfter: number; passesWithRightPassword: false }
  | { ok: false; retryAfter: number; passesWithRightPassword: true; succeeded: () => Promise<void> };

/**
 * Counts a sign-in attempt before the password is checked. Each store step decides and counts
 * atomically, so parallel attempts, on any app server, cannot all slip under a limit. An attempt
 * refused by a later limit is given back to the earlier ones. On a success the account's counts
 * are cleared and the address gets its attempt back.
 */
export async function reserveSignIn(
  email: string,
  address: string,
  knownAddress: boolean,
  store: RateLimitStore = rateLimitStore(),
  now?: number,
): Promise<SignInReservation> {
  const taken: Array<{ key: string; policy: (typeof SIGN_IN_POLICIES)["address"] }> = [];
  const giveBackAll = () => Promise.all(taken.map(({ key, policy }) => store.giveBack(key, policy)));
  const take = async (key: string, policy: (typeof SIGN_IN_POLICIES)["address"]) => {
    const verdict = await store.take(key, policy, now);
    if (verdict.allowed) taken.push({ key, policy });
    return verdict;
  };
  const byAddress = address !== DIRECT;
  if (byAddress) {
    const fromAddress = await take(addressKey(address), SIGN_IN_POLICIES.address);
    if (!fromAddress.allowed) return { ok: false, retryAfter: fromAddress.retryAfterSeconds, passesWithRightPassword: false };
  }
  if (!knownAddress) {
    const global = await take(SIGN_IN_GLOBAL_KEY, SIGN_IN_POLICIES.global);
    if (!global.allowed) {
      await giveBackAll();
      return { ok: false, retryAfter: global.retryAfterSeconds, passesWithRightPassword: false };
    }
  }
  const succeeded = async () => {
    await Promise.all(SIGN_IN_POLICIES.account.map((_, tier) => store.clear(accountKey(email, tier))));
    if (byAddress) await store.giveBack(addressKey(address), SIGN_IN_POLICIES.address);
  };
  for (const [tier, policy] of SIGN_IN_POLICIES.account.entries()) {
    const account = await take(accountKey(email, tier), policy);
    if (account.allowed) continue;
    if (knownAddress) return { ok: false, retryAfter: account.retryAfterSeconds, passesWithRightPassword: true, succeeded };
    await giveBackAll();
    return { ok: false, retryAfter: account.retryAfterSeconds, passesWithRightPassword: false };
  }
  return { ok: true, succeeded };
}

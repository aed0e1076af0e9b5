// What the console and the public pay page may believe about where a request came from. No
// framework imports.
//
// Next.js route handlers do not expose the socket's peer address (`request.ip` went away in
// Next 15), and `next start` only fills `X-Forwarded-For`/`X-Forwarded-Proto` when the client did
// not send them, so without a proxy of our own in front those headers are whatever the client
// chose. They are therefore read only when TRUSTED_PROXY_HOPS says how many proxies of ours
// append to them; with the default 0 every request is one "direct" caller and the sign-in
// throttle relies on its per-account limit.
import { env } from "@/lib/env";

/** The one client key for every request when no trusted proxy is configured. */
export const DIRECT = "direct";

/** TRUSTED_PROXY_HOPS (0 when unset), validated where the environment is read. */
export function trustedProxyHops(): number {
  return env.TRUSTED_PROXY_HOPS;
}

/**
 * The client's address as our own proxies saw it: each of the `hops` trusted proxies appends the
 * address it received the request from, so the client is the `hops`-th entry from the right;
 * entries further left are the client's own claims and are ignored. With no trusted proxy: DIRECT.
 */
export function clientAddress(headers: Headers, hops: number = trustedProxyHops()): string {
  if (hops <= 0) return DIRECT;
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return DIRECT;
  const address = entries[Math.max(0, entries.length - hops)] ?? DIRECT;
  // An address, not an unbounded client string, becomes a throttle key.
  return /^[0-9A-Fa-f.:[\]%a-z]{1,64}$/.test(address) ? address.toLowerCase() : DIRECT;
}

/**
 * Whether the request reached us over https: the trusted proxy's X-Forwarded-Proto (its
 * client-facing, leftmost value) when one is configured, else the scheme of the request URL.
 * Server components have no URL; for them the X-Forwarded-Proto that `next start` fills in is
 * the same thing (Next builds `request.url`'s scheme from it). A client that claims https for
 * itself only gets a Secure cookie it then has to present over https: no one else is affected.
 */
export function arrivedOverHttps(headers: Headers, url: string | undefined, hops: number = trustedProxyHops()): boolean {
  if (hops > 0 || url === undefined) {
    const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (proto) return proto === "https";
  }
  if (url === undefined) return false;
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}

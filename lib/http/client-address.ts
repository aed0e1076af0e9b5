// Where a request came from, as far as this server may believe it. No framework imports.
//
// Next.js route handlers do not expose the socket's peer address (`request.ip` went away in
// Next 15). `npm start` (scripts/start.mjs) owns the socket, so it writes the peer address into
// PEER_ADDRESS_HEADER of every request, replacing whatever a client sent under that name, and says
// so on globalThis; under `next start`/`next dev` nobody does, and the header is never read.
// `X-Forwarded-For` is whatever the client chose unless proxies of ours append to it, so it is read
// only when TRUSTED_PROXY_HOPS says how many do.
import { env } from "@/lib/env";

/** The one client key for every request whose address is unknown. */
export const DIRECT = "direct";

/** The socket's peer address, set by scripts/start.mjs (which replaces any the client sent). */
export const PEER_ADDRESS_HEADER = "x-studio-peer-address";

/** TRUSTED_PROXY_HOPS (0 when unset), validated where the environment is read. */
export function trustedProxyHops(): number {
  return env.TRUSTED_PROXY_HOPS;
}

/** Whether this process's HTTP server writes PEER_ADDRESS_HEADER itself (scripts/start.mjs). */
export function peerAddressesTrusted(): boolean {
  return (globalThis as { __studioPeerAddresses?: boolean }).__studioPeerAddresses === true;
}

/**
 * The client's address: behind `hops` trusted proxies, the `hops`-th entry from the right of
 * X-Forwarded-For (each of our proxies appends the address it received the request from; entries
 * further left are the client's own claims); with none, the socket's peer when this server wrote
 * it; else DIRECT.
 */
export function clientAddress(headers: Headers, hops: number = trustedProxyHops(), peerTrusted: boolean = peerAddressesTrusted()): string {
  if (hops <= 0) return peerTrusted ? addressKey(headers.get(PEER_ADDRESS_HEADER) ?? "") : DIRECT;
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return DIRECT;
  return addressKey(entries[Math.max(0, entries.length - hops)] ?? "");
}

/** An address, not an unbounded client string, becomes a throttle key; IPv4 seen over IPv6 is IPv4. */
function addressKey(address: string): string {
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  return /^[0-9A-Fa-f.:[\]%a-z]{1,64}$/.test(plain) ? plain.toLowerCase() : DIRECT;
}

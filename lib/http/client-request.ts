// What the console may believe about how a request reached it. No framework imports. `next start`
// only fills `X-Forwarded-Proto` when the client did not send it, so without a proxy of our own in
// front it is whatever the client chose: it is read only when TRUSTED_PROXY_HOPS says proxies of
// ours set it. (The client's address: lib/http/client-address.ts.)
import { trustedProxyHops } from "@/lib/http/client-address";

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

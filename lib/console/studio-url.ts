import "server-only";
// The Studio API base URL the console sends people's keys to. Pure, so it is unit-tested.

/** Loopback hosts, where plain http never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * STUDIO_API_URL checked: https, or http only to a loopback host; no credentials, query or
 * fragment. Unset means this server itself on loopback. Returns the URL without trailing slashes.
 */
export function checkedStudioBaseUrl(configured: string | undefined, port: number): string {
  if (configured === undefined) return `http://127.0.0.1:${port}`;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error("STUDIO_API_URL is not a valid URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    throw new Error("STUDIO_API_URL must use https (plain http is allowed only to localhost/127.0.0.1/[::1]): the console sends API keys to it");
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error("STUDIO_API_URL must not carry credentials, a query or a fragment");
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

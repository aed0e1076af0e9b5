// Where to go after signing in: only a path on this origin. Pure; runs in the browser.

const FALLBACK = "/invoices";
const PROBE_ORIGIN = "https://console.invalid";

/**
 * `next` when it is a same-origin path (one leading `/`, not `//` or `/\`, no control characters
 * or whitespace that URL parsing would strip), as its normalized path, query and hash; otherwise
 * the invoice list. Browsers read `\` as `/`, so `/\evil.example` would leave the site.
 */
export function safeNextPath(next: string | null | undefined, fallback = FALLBACK): string {
  if (!next || next.length > 2000) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

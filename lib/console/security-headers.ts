import "server-only";
// The browser security headers of every console page (set in proxy.ts). No framework imports.
//
// Scripts run only with this response's nonce ('strict-dynamic' lets those scripts load the
// page's chunks), so markup injected into a page cannot run code; no one may frame a page
// (clickjacking); the referrer never leaves this site, since record URLs name invoices and payouts.

/** A fresh, unguessable nonce for one response: 16 random bytes in base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export const HSTS = "max-age=31536000; includeSubDomains";

// Features the console never uses, refused for the page and anything it could embed.
const REFUSED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "usb",
  "xr-spatial-tracking",
];
export const PERMISSIONS_POLICY = REFUSED_FEATURES.map((feature) => `${feature}=()`).join(", ");

type PolicyOptions = {
  nonce: string;
  https: boolean;
  development: boolean;
  pathname?: string;
  /**
   * CSP sources ('sha256-…') of the stylesheets a page may carry inline (lib/console/inline-stylesheets):
   * React writes the inlined stylesheet's <style> without the nonce, so it is allowed by its hash.
   */
  inlineStylesheets?: readonly string[];
};

/**
 * Pages whose renderer writes `<style>` elements it cannot give a nonce: /docs/api/try, where Scalar
 * (a Vue app) renders its theme as an inline <style>. There only, styles may be inline; scripts
 * stay nonce-only, so injected markup still cannot run code.
 */
export function allowsInlineStyles(pathname: string | undefined): boolean {
  return pathname === "/docs/api/try";
}

export function contentSecurityPolicy({ nonce, https, development, pathname, inlineStylesheets = [] }: PolicyOptions): string {
  const inlineStyles = development || allowsInlineStyles(pathname);
  const styleSources = [`'nonce-${nonce}'`, ...inlineStylesheets.map((hash) => `'${hash}'`)].join(" ");
  const directives = [
    "default-src 'self'",
    // React's development build reconstructs server errors with eval; production never needs it.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // The dev server injects its styles without a nonce.
    // (A nonce or a hash would make browsers ignore 'unsafe-inline', so it is one or the other.)
    `style-src 'self' ${inlineStyles ? "'unsafe-inline'" : styleSources}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Over plain http (a local trial) upgrading would break every asset.
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** The headers of one page response; HSTS only when the request arrived over https. */
export function pageSecurityHeaders(options: PolicyOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(options.https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

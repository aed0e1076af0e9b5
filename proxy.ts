// Every console page gets its own CSP nonce and the browser security headers
// (lib/console/security-headers). The JSON routes under /api and /v1 are left out: they run no
// script, and next.config.mjs gives them nosniff without a proxy hop.
import { NextResponse, type NextRequest } from "next/server";
import { arrivedOverHttps } from "@/lib/console/client-request";
import { newNonce, pageSecurityHeaders } from "@/lib/console/security-headers";
import { env } from "@/lib/env";

export function proxy(request: NextRequest): NextResponse {
  const headers = pageSecurityHeaders({
    nonce: newNonce(),
    // The same rule that makes the session cookie Secure.
    https: arrivedOverHttps(request.headers, request.url),
    development: env.NODE_ENV === "development",
  });
  // Next.js reads the nonce from the request's CSP and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|v1/|_next/static/|_next/image|favicon.svg).*)",
      // A prefetch fetches an RSC payload, not a document: it runs no script of its own.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};

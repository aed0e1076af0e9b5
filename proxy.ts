// Two jobs before any route runs:
// - Every console page gets its own CSP nonce and the browser security headers
//   (lib/console/security-headers). The JSON routes under /api and /v1 get no page headers: they
//   run no script, and next.config.mjs gives them nosniff without a proxy hop.
// - Next.js decodes a dynamic path segment before any handler runs, and one that does not decode
//   (a lone surrogate as %ED%A0%80, a stray %FF) makes it answer a bare 500 of its own. Such an API
//   path names no record and no endpoint: it is answered here, as 404 in the error envelope. (Not
//   by a rewrite: Next proxies a rewrite over HTTP when the host it sees is spelled differently,
//   e.g. 127.0.0.1 and localhost.)
import { NextResponse, type NextRequest } from "next/server";
import { arrivedOverHttps } from "@/lib/http/client-request";
import { inlineStylesheetHashes } from "@/lib/console/inline-stylesheets";
import { newNonce, pageSecurityHeaders } from "@/lib/console/security-headers";
import { env } from "@/lib/env";
import { StudioError } from "@/lib/studio/core/errors";
import { errorResponse, requestIdFor } from "@/lib/studio/http/route";

export function proxy(request: NextRequest): Response | undefined {
  const pathname = request.nextUrl.pathname;
  if (pathname.startsWith("/v1/")) return refuseUndecodablePath(request, pathname);
  return withPageSecurityHeaders(request);
}

function withPageSecurityHeaders(request: NextRequest): NextResponse {
  const headers = pageSecurityHeaders({
    nonce: newNonce(),
    // The same rule that makes the session cookie Secure.
    https: arrivedOverHttps(request.headers, request.url),
    development: env.NODE_ENV === "development",
    pathname: request.nextUrl.pathname,
    inlineStylesheets: inlineStylesheetHashes(),
  });
  // Next.js reads the nonce from the request's CSP and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function refuseUndecodablePath(request: NextRequest, pathname: string): Response | undefined {
  const undecodable = pathname.split("/").find((segment) => !decodes(segment));
  if (undecodable === undefined) return undefined;
  const message = `No record or endpoint at ${pathname}: ${JSON.stringify(undecodable)} is not percent-encoded UTF-8`;
  return errorResponse(new StudioError("not_found", message), requestIdFor(request));
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
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
    // Only API paths with a percent sign: every other API request skips the proxy altogether.
    "/v1/:path(.*%.*)",
  ],
};

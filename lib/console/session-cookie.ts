import "server-only";
import { cookies, headers } from "next/headers";
import type { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { arrivedOverHttps } from "@/lib/http/client-request";
import { secureSessionCookie, sessionCookieName, sessionCookieOptions } from "@/lib/console/session-policy";

// Where the session cookie is read, set and cleared. Over https (and always in production) it is
// `__Host-studio_session; Secure`; only that name is read then, so a plain cookie planted by a
// sibling host over http is never taken for a session.

export function secureForRequest(request: Request): boolean {
  return secureSessionCookie({ production: env.STUDIO_ENV === "production", https: arrivedOverHttps(request.headers, request.url) });
}

/** The session token of a route handler's request. */
export async function sessionTokenOf(request: Request): Promise<string | undefined> {
  return (await cookies()).get(sessionCookieName(secureForRequest(request)))?.value;
}

/** The session token of the page being rendered (server components have headers, not a URL). */
export async function pageSessionToken(): Promise<string | undefined> {
  const secure = secureSessionCookie({ production: env.STUDIO_ENV === "production", https: arrivedOverHttps(await headers(), undefined) });
  return (await cookies()).get(sessionCookieName(secure))?.value;
}

export function setSessionCookie(response: NextResponse, request: Request, token: string): void {
  const secure = secureForRequest(request);
  response.cookies.set(sessionCookieName(secure), token, sessionCookieOptions(secure));
}

/** Clears it with the same attributes (a browser ignores a `__Host-` clear that is not Secure). */
export function clearSessionCookie(response: NextResponse, request: Request): void {
  const secure = secureForRequest(request);
  response.cookies.set(sessionCookieName(secure), "", sessionCookieOptions(secure, 0));
}

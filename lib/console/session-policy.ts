import "server-only";
// Session lifetimes: 30 minutes idle, 12 hours from sign-in however active.
export const SESSION_COOKIE = "studio_session";
/**
 * The name when the cookie is Secure: `__Host-` makes the browser refuse it unless it is Secure,
 * Path=/ and has no Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export function isExpired(session: { createdAt: Date; lastSeenAt: Date }, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() > IDLE_MS || now.getTime() - session.createdAt.getTime() > ABSOLUTE_MS;
}

/** Secure whenever the request came over https, and always on a production server. */
export function secureSessionCookie({ production, https }: { production: boolean; https: boolean }): boolean {
  return production || https;
}

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export type SessionCookieOptions = {
  httpOnly: true;
  sameSite: "lax";
  secure: boolean;
  path: "/";
  maxAge: number;
};

/** The attributes the session cookie is set (and, with maxAge 0, cleared) with. */
export function sessionCookieOptions(secure: boolean, maxAgeSeconds = ABSOLUTE_MS / 1000): SessionCookieOptions {
  return { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: maxAgeSeconds };
}

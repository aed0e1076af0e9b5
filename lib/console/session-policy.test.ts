import { describe, expect, it } from "vitest";
import { secureSessionCookie, sessionCookieName, sessionCookieOptions } from "@/lib/console/session-policy";

describe("session cookie attributes", () => {
  it("is Secure over https, and always on a production server", () => {
    expect(secureSessionCookie({ production: false, https: false })).toBe(false);
    expect(secureSessionCookie({ production: false, https: true })).toBe(true);
    expect(secureSessionCookie({ production: true, https: false })).toBe(true);
  });

  it("takes the __Host- prefix exactly when Secure, with Path=/ and no Domain", () => {
    expect(sessionCookieName(true)).toBe("__Host-studio_session");
    expect(sessionCookieName(false)).toBe("studio_session");
    const options = sessionCookieOptions(true);
    expect(options).toEqual({ httpOnly: true, sameSite: "lax", secure: true, path: "/", maxAge: 12 * 60 * 60 });
    expect(options).not.toHaveProperty("domain");
    expect(sessionCookieOptions(false, 0)).toMatchObject({ secure: false, maxAge: 0 });
  });
});

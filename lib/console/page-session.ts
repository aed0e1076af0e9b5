import "server-only";
import { cache } from "react";
import { contextForToken } from "@/lib/console/context";
import { pageSessionToken } from "@/lib/console/session-cookie";

/** The console context for a page render, read from the session cookie once per request (layout and page share it). */
export const pageContext = cache(async () => contextForToken(await pageSessionToken()));

/** The session of a page only a person still on their first password may see besides everyone else: choosing a new one. */
export const pagePasswordContext = cache(async () => contextForToken(await pageSessionToken(), { firstPassword: "allow" }));

/** Where a page sends a visitor without a usable session: to choose a new password, or to sign in. */
export async function signedOutPath(): Promise<string> {
  return (await pagePasswordContext()) ? "/change-password" : "/sign-in";
}

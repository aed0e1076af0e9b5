import "server-only";
import { contextForToken } from "@/lib/console/context";
import { pageSessionToken } from "@/lib/console/session-cookie";

/** The console context for a page render, read from the session cookie. */
export async function pageContext() {
  return contextForToken(await pageSessionToken());
}

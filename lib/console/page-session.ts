import "server-only";
import { cookies } from "next/headers";
import { contextForToken } from "@/lib/console/context";
import { SESSION_COOKIE } from "@/lib/console/session-policy";

/** The console context for a page render, read from the session cookie. */
export async function pageContext() {
  return contextForToken((await cookies()).get(SESSION_COOKIE)?.value);
}

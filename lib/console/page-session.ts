import "server-only";
import { cache } from "react";
import { contextForToken } from "@/lib/console/context";
import { pageSessionToken } from "@/lib/console/session-cookie";

/** The console context for a page render, read from the session cookie once per request (layout and page share it). */
export const pageContext = cache(async () => contextForToken(await pageSessionToken()));

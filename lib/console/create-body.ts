import "server-only";
import type { ConsoleContext } from "@/lib/console/context";

// A create form sends what the person typed; who creates the record and from where the console knows better.
export function createBody(body: unknown, ctx: ConsoleContext, request: Request): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  return {
    ...body,
    creator: ctx.session.account.displayName,
    origin: request.headers.get("origin") ?? new URL(request.url).origin,
  };
}

// What the server knows about the request being answered, for every log line written while it is
// (the logger's mixin reads it) and for its access line. scripts/start.mjs opens one per request;
// the Studio API's wrapper fills in the organization once the key is known. Kept on globalThis: the
// server's entry (dist/) and Next.js's route bundles load their own copies of this module.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

export type RequestContext = { requestId: string; orgId?: number };

const holder = globalThis as typeof globalThis & { __studioRequestContexts?: AsyncLocalStorage<RequestContext> };
const contexts = (holder.__studioRequestContexts ??= new AsyncLocalStorage<RequestContext>());

export function currentRequest(): RequestContext | undefined {
  return contexts.getStore();
}

export function withRequestContext<T>(context: RequestContext, run: () => T): T {
  return contexts.run(context, run);
}

/** A caller's own X-Request-ID when it is a plain token, else a new one. */
export function requestIdFrom(inbound: string | null | undefined): string {
  return inbound && /^[\w.:-]{8,64}$/.test(inbound) ? inbound : `req_${randomBytes(10).toString("hex")}`;
}

// What scripts/start.mjs (plain JavaScript, outside Next's bundles) uses of the logger and the
// metrics: built into dist/observability.mjs by `npm run build`.
import type { IncomingMessage, ServerResponse } from "node:http";
import { captureConsole, log } from "@/lib/observability/log";
import { metrics } from "@/lib/observability/metrics";
import { requestIdFrom, withRequestContext, type RequestContext } from "@/lib/observability/request-context";

export { captureConsole, log };

/**
 * Answers one request through `handle` inside its request context, and once the answer is over
 * (or the client went away) writes its access line and counts it under its route pattern
 * (`/v1/studio/api/invoice/intent/[id]`, never the path itself: ids would make a metric per record).
 */
export function observeRequest(request: IncomingMessage, response: ServerResponse, route: string, handle: () => unknown): void {
  const started = performance.now();
  const inbound = request.headers["x-request-id"];
  const context: RequestContext = { requestId: requestIdFrom(typeof inbound === "string" ? inbound : undefined) };
  // Whatever answers (the API's fast path, Next.js) finds the id the access line will carry.
  request.headers["x-request-id"] = context.requestId;
  response.once("close", () => {
    const durationMs = performance.now() - started;
    const method = request.method ?? "";
    // An answer cut short (the client left, the connection was closed under it) counts as 499, as nginx logs it.
    const status = response.writableFinished ? response.statusCode : 499;
    const labels = { method, route, status: String(status) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, durationMs / 1000);
    const line = {
      request_id: context.requestId,
      ...(context.orgId === undefined ? {} : { org_id: context.orgId }),
      method,
      route,
      status,
      duration_ms: Math.round(durationMs * 10) / 10,
    };
    if (status >= 500) log.warn(line, "request");
    else log.info(line, "request");
  });
  withRequestContext(context, handle);
}

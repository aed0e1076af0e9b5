// `npm start`: the production server. Next.js serves everything, except that requests for the
// Studio API (/v1/studio/api/*) go straight to the same route handlers Next would call (built by
// `next build`, Web Request in, Web Response out), skipping Next's per-request pipeline: that
// pipeline alone cost more CPU per request than a whole bare-server request (bench/, issue 10).
// Anything the fast path does not answer exactly as Next would — an unknown path, a method the
// route does not export, HEAD/OPTIONS, a percent-encoded path, a trailing slash — goes to Next.
// Usage (as `next start`): node scripts/start.mjs [-p|--port 3000] [-H|--hostname 0.0.0.0]
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const root = path.resolve(import.meta.dirname, "..");
const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");
const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? "0.0.0.0";
// As `next start -p` does: the console finds this server's own Studio API by PORT (lib/env.ts).
process.env.PORT = String(port);

// The logger every line of this process goes through, and each request's access line and metrics
// (lib/observability, built by `npm run build`).
const observabilityModule = path.join(root, "dist", "observability.mjs");
if (!fs.existsSync(observabilityModule)) {
  console.error(`${path.relative(process.cwd(), observabilityModule)} is not built: run \`npm run build\` first.`);
  process.exit(1);
}
const { captureConsole, log, observeRequest } = await import(pathToFileURL(observabilityModule).href);
captureConsole();

const API_PREFIX = "/v1/studio/api/";
// The socket's peer address, written into every request (replacing any a client sent under this
// name) for the sign-in and key-less limits: route handlers cannot see the socket
// (lib/http/client-address.ts reads it only while this flag says a server of ours wrote it).
const PEER_ADDRESS_HEADER = "x-studio-peer-address";
globalThis.__studioPeerAddresses = true;
const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const require = createRequire(import.meta.url);

/**
 * The built app's routes (pages and route handlers) with at most one-segment parameters, most
 * specific first: a static segment wins over a dynamic one at the same place.
 */
function appRoutes() {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8"));
  const routes = [];
  for (const [entry, pathname] of Object.entries(manifest)) {
    const segments = pathname.split("/").slice(1);
    // Catch-alls and optional segments keep Next's own matching.
    if (segments.some((segment) => segment.startsWith("[") && !/^\[[A-Za-z_]\w*\]$/.test(segment))) continue;
    routes.push({ entry, pathname, segments, file: path.join(distDir, "server", "app", `${entry}.js`), module: undefined });
  }
  const rank = (segment) => (segment.startsWith("[") ? 1 : 0);
  return routes.sort((a, b) => {
    for (let index = 0; index < Math.min(a.segments.length, b.segments.length); index++) {
      const difference = rank(a.segments[index]) - rank(b.segments[index]);
      if (difference) return difference;
    }
    return a.segments.length - b.segments.length;
  });
}

function match(routes, pathname) {
  const segments = pathname.split("/").slice(1);
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const params = {};
    let matched = true;
    for (let index = 0; index < segments.length && matched; index++) {
      const expected = route.segments[index];
      const actual = segments[index];
      if (expected.startsWith("[")) {
        if (actual === "") matched = false;
        else params[expected.slice(1, -1)] = actual;
      } else matched = expected === actual;
    }
    if (matched) return { route, params };
  }
  return undefined;
}

/** The route's handlers as `next build` compiled them (the same module instances Next itself loads). */
function handlersOf(route) {
  route.module ??= require(route.file).routeModule.userland;
  return route.module;
}

/** The response headers next.config.mjs `headers()` gives this path, from the build's routes manifest. */
function configHeaders() {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, "routes-manifest.json"), "utf8"));
  const rules = (manifest.headers ?? []).filter((rule) => !rule.has && !rule.missing);
  return (pathname) => rules.filter((rule) => new RegExp(rule.regex).test(pathname)).flatMap((rule) => rule.headers);
}

/**
 * The request body as a Web stream. Not Readable.toWeb: its cancel destroys the request and with
 * it the socket, so a handler that stops reading (a body over the 1 MiB cap) could never send its
 * 413, and the client's next request on that kept-alive connection was reset. A cancelled body is
 * read to its end and discarded instead, as Node does with a body nobody reads.
 */
function bodyStream(request) {
  let controller;
  const onData = (chunk) => {
    controller.enqueue(chunk);
    if (controller.desiredSize <= 0) request.pause();
  };
  const onEnd = () => controller.close();
  const onError = (error) => controller.error(error);
  const stream = new ReadableStream({
    start(streamController) {
      controller = streamController;
      request.on("data", onData).on("end", onEnd).on("error", onError);
    },
    pull() {
      request.resume();
    },
    cancel() {
      stream.discard();
    },
  });
  /** Reads the rest of the body and throws it away; the stream hears no more of it. */
  stream.discard = () => {
    request.off("data", onData).off("end", onEnd).off("error", onError);
    request.resume();
  };
  return stream;
}

async function serveApi(found, request, response, headersFor) {
  const method = request.method;
  const url = `http://${request.headers.host ?? `${hostname}:${port}`}${request.url}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const body = method !== "GET" && method !== "DELETE" ? bodyStream(request) : undefined;
  const webRequest = new Request(url, { method, headers, ...(body ? { body, duplex: "half" } : {}) });
  const answer = await found.handler(webRequest, { params: Promise.resolve(found.params) });
  response.statusCode = answer.status;
  for (const { key, value } of headersFor(new URL(url).pathname)) response.setHeader(key, value);
  for (const [name, value] of answer.headers) response.setHeader(name, value);
  if (answer.body && answer.headers.has("content-disposition")) {
    // A download (a CSV export of a million rows, a PDF) goes out as the handler makes it, at the
    // pace the client reads: gathered whole first, an export held the whole file in memory and
    // sent nothing until its last row. A JSON answer is small and goes in one write.
    await pipeline(Readable.fromWeb(answer.body), response).catch((error) => {
      // The client went away mid-download: the handler's stream is cancelled, nobody to answer.
      if (error?.code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
    });
  } else {
    response.end(Buffer.from(await answer.arrayBuffer()));
  }
  // A body the handler did not read (refused by its declared length, or cancelled): discarded, so
  // the connection stays usable for the client's next request.
  if (body && !request.complete) body.discard();
}

const { default: next } = await import("next");
const app = next({ dev: false, dir: root, hostname, port });
const nextHandler = app.getRequestHandler();
await app.prepare();
const allRoutes = appRoutes();
const routes = allRoutes.filter((route) => route.pathname.startsWith(API_PREFIX) && route.entry.endsWith("/route"));
const headersFor = configHeaders();

/** The route pattern a request is counted and logged under: a few dozen values, whatever the paths asked for. */
function routeLabel(request, found) {
  if (found) return found.route.pathname;
  const rawUrl = request.url ?? "/";
  const queryAt = rawUrl.indexOf("?");
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (pathname.startsWith("/_next/")) return "/_next/*";
  return match(allRoutes, pathname)?.route.pathname ?? "(unmatched)";
}

/** A request the fast path answers: its route and handler, or undefined to leave it to Next. */
function fastPath(request) {
  const method = request.method ?? "";
  const rawUrl = request.url ?? "/";
  if (!METHODS.has(method) || !rawUrl.startsWith(API_PREFIX)) return undefined;
  const queryAt = rawUrl.indexOf("?");
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (pathname.includes("%") || pathname.endsWith("/") || pathname.includes("//")) return undefined;
  const found = match(routes, pathname);
  if (!found) return undefined;
  const handler = handlersOf(found.route)[method];
  return typeof handler === "function" ? { handler, params: found.params, route: found.route } : undefined;
}

let stopping = false;
const server = http.createServer((request, response) => {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  // While shutting down, a kept-alive client is told to open its next request elsewhere.
  if (stopping) response.setHeader("Connection", "close");
  const found = fastPath(request);
  observeRequest(request, response, routeLabel(request, found), () => {
    if (!found) return void nextHandler(request, response);
    serveApi(found, request, response, headersFor).catch((error) => {
      // studioRoute answers every error itself; this is a broken handler or a dropped connection.
      log.error({ err: error }, "API request failed");
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  });
});
// An idle kept-alive connection stays open longer than the proxies in front keep theirs (60 s at
// AWS's load balancers, nginx's upstream keepalive), so the server never closes a connection
// just as a client sends its next request on it: Node's default of 5 s lost that race as a reset
// ("other side closed") whenever a client paused about 5 s, or its event loop was busy as long.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => log.info(`Studio ready on http://${hostname}:${port}`));

// SIGTERM/SIGINT: stop accepting connections, let every request already accepted get its answer
// (for up to SHUTDOWN_TIMEOUT_MS; then the connections still open are cut), then stop the
// background loops and close the database (lib/boot.ts).
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 20_000);
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: finishing the requests in flight (up to ${shutdownTimeoutMs} ms), then stopping`);
  const closed = new Promise((resolve) => server.close(resolve));
  // A kept-alive connection goes idle once its request is answered: close it then, not at its timeout.
  const sweepIdle = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  const cut = setTimeout(() => {
    log.error(`requests still open after ${shutdownTimeoutMs} ms: closing their connections`);
    server.closeAllConnections();
  }, shutdownTimeoutMs);
  await closed;
  clearTimeout(cut);
  clearInterval(sweepIdle);
  try {
    await globalThis.__studioStop?.();
  } catch (error) {
    log.error({ err: error }, "stopping the background work failed");
    process.exit(1);
  }
  log.info("stopped");
  process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));

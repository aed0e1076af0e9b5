import "server-only";
import type { z } from "zod";
import { authenticate, requirePermission, type Principal } from "@/lib/studio/auth/principal";
import type { Permission } from "@/lib/studio/auth/permissions";
import { resolveClientId } from "@/lib/studio/orgs/client-ids";
import { StudioError } from "@/lib/studio/core/errors";
import { awaitReady } from "@/lib/studio/process/boot";
import { fieldIssues } from "@/lib/studio/core/validation";
import { claimIdempotencyKey, idempotentRequest, storeIdempotentResponse } from "@/lib/studio/http/idempotency";
import { unitOfWork } from "@/lib/studio/core/unit-of-work";
import { readCapped } from "@/lib/http/read-capped";
import type { Verdict } from "@/lib/rate-limit";
import { keylessRateLimitedMessage, rateLimitedMessage, setApiRateLimitHeaders, takeApiRequest, takeKeylessRequest } from "@/lib/studio/http/rate-limit";
import { clientAddress } from "@/lib/http/client-address";
import { log } from "@/lib/observability/log";
import { currentRequest, requestIdFrom } from "@/lib/observability/request-context";
import { CONSOLE_PROOF_HEADER, isConsoleProof } from "@/lib/secrets/console-proof";

const MAX_BODY_BYTES = 1024 * 1024;

export type RouteContext<Body, Query> = {
  principal: Principal;
  body: Body;
  query: Query;
  params: Record<string, string>;
  /** The verified X-Client-ID, on routes that require one. */
  clientId: string;
};

/** What a handler returns: the envelope minus `code`, e.g. `{ data }` or `{ data, paging, counts }`. */
export type RouteResult = { data: unknown; [key: string]: unknown };

/** A handler's answer that is a document, not an envelope (GET /invoice/intent/{id}/pdf). */
type RouteOptions<BodySchema extends z.ZodType | undefined, QuerySchema extends z.ZodType | undefined> = {
  /** Null for endpoints any valid key may call (GET /me). */
  permission: Permission | null;
  body?: BodySchema;
  /** The body may be left out entirely (CancelRequest, SignInvoiceRequest). */
  bodyOptional?: boolean;
  query?: QuerySchema;
  /** Create endpoints: X-Client-ID must be present, of the caller's organization, and equal any body client_id. */
  requireClientId?: boolean;
  /**
   * Verbs on a record (`actionAllowed(owner, action)`): when the body is refused, the record's
   * status is checked first, so an action the status does not allow is 409 (404 for an unknown
   * id) whatever the body, as the verb answers with a valid one.
   */
  statusRule?: (principal: Principal, id: string) => Promise<void>;
  /**
   * Routes whose answer carries a secret (POST /api_keys): no idempotency row may keep it, so the
   * row keeps this refusal instead (409/40903), and a replay says the thing exists and its secret
   * cannot be shown again.
   */
  replayWithoutSecret?: (result: RouteResult) => StudioError;
  /**
   * Only the console's own server may call (POST /me/sign_ins): besides the key, the request
   * carries the console's proof over that key and its body (lib/secrets/console-proof.ts).
   */
  consoleOnly?: true;
};

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * The one wrapper for every Studio API handler: authentication, permission, input parsing,
 * idempotency and the error envelope live here so handlers stay one service call long.
 */
export function studioRoute<BodySchema extends z.ZodType | undefined = undefined, QuerySchema extends z.ZodType | undefined = undefined>(
  options: RouteOptions<BodySchema, QuerySchema>,
  // A Response is answered as it is (an attachment: lib/studio/http/attachment.ts), with this request's id.
  handler: (context: RouteContext<Infer<BodySchema>, Infer<QuerySchema>>) => Promise<RouteResult | Response>,
) {
  return async (request: Request, nextContext: NextRouteContext): Promise<Response> => {
    const requestId = requestIdFor(request);
    let limit: Verdict | undefined;
    let response: Response;
    try {
      await awaitReady();
      const principal = await authenticate(request.headers.get("x-studio-api-key")).catch(async (error: unknown) => {
        // Without a valid key: counted per client address, so refusals cannot be asked for without end.
        const keyless = await takeKeylessRequest(clientAddress(request.headers));
        if (keyless && !keyless.allowed) {
          limit = keyless;
          throw new StudioError("rate_limited", keylessRateLimitedMessage(keyless));
        }
        throw error;
      });
      const context = currentRequest();
      if (context) context.orgId = principal.orgId;
      limit = await takeApiRequest(principal.keyId);
      if (limit && !limit.allowed) throw new StudioError("rate_limited", rateLimitedMessage(limit));
      if (options.permission) requirePermission(principal, options.permission);
      const clientId = options.requireClientId ? await resolveClientId(principal, request.headers.get("x-client-id")) : "";
      const bodySchema = options.body;
      // A refused body on a record whose status refuses the action is answered as that refusal (404, 409).
      const readBody = async <T>(read: () => T | Promise<T>): Promise<T> => {
        try {
          return await read();
        } catch (error) {
          if (options.statusRule && isBodyRefusal(error)) await options.statusRule(principal, (await flattenParams(nextContext)).id ?? "");
          throw error;
        }
      };
      const rawBody = bodySchema ? await readBody(() => readJsonBody(request, options.bodyOptional ?? false)) : await refuseOversizedBody(request);
      if (options.consoleOnly && !isConsoleProof(request.headers.get(CONSOLE_PROOF_HEADER), request.headers.get("x-studio-api-key") ?? "", JSON.stringify(rawBody ?? null))) {
        throw new StudioError("forbidden", "Only the console's server may record sign-ins (it proves itself with a header under CONSOLE_SECRET)");
      }
      const run = async (): Promise<{ response: Response; result: RouteResult }> => {
        if (options.requireClientId) assertBodyClientId(rawBody, clientId);
        const params = await flattenParams(nextContext);
        const body = bodySchema ? await readBody(() => parseInput(bodySchema, rawBody ?? {})) : undefined;
        const query = options.query ? parseInput(options.query, searchParamsObject(request)) : undefined;
        const result = await handler({ principal, body, query, params, clientId } as RouteContext<
          Infer<BodySchema>,
          Infer<QuerySchema>
        >);
        if (result instanceof Response) {
          result.headers.set("x-request-id", requestId);
          return { response: result, result: { data: null } };
        }
        return { response: json({ code: 0, ...result }, 200, requestId), result };
      };
      const idempotent = request.method === "POST" ? idempotentRequest(principal, request, rawBody) : null;
      if (!idempotent) {
        // The service function is its own unit of work (each opens one, or is a single statement).
        response = (await run()).response;
      } else {
        // The claim of the key, the verb's change with its log rows, and the stored response
        // commit together or not at all.
        response = await unitOfWork(async (tx) => {
          const replay = await claimIdempotencyKey(tx, idempotent);
          if (replay) return replayedAnswer(replay, requestId);
          const fresh = await run();
          // Stored without a request id: each replay is answered with its own (replayedAnswer).
          const stored = options.replayWithoutSecret ? json(errorEnvelope(options.replayWithoutSecret(fresh.result)), 409, requestId) : fresh.response;
          await storeIdempotentResponse(tx, idempotent, stored);
          return fresh.response;
        });
      }
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    // Every answer to an authenticated request says where its key stands (a 429 also when to retry).
    if (limit) setApiRateLimitHeaders(response.headers, limit);
    return response;
  };
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a route does not serve: 405 in the error envelope with `Allow`, where
 * Next.js would answer an empty 405. A route file spreads them beside its own handlers.
 */
export function otherMethodsRefused(...allowed: Method[]): Partial<Record<Method, (request: Request) => Response>> {
  const refuse = (request: Request) => {
    const response = errorResponse(
      new StudioError("method_not_allowed", `${request.method} is not allowed on ${new URL(request.url).pathname}; use ${allowed.join(" or ")}`),
      requestIdFor(request),
    );
    response.headers.set("Allow", allowed.join(", "));
    return response;
  };
  return Object.fromEntries(METHODS.filter((method) => !allowed.includes(method)).map((method) => [method, refuse]));
}

function errorEnvelope(error: StudioError) {
  return { code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.details };
}

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof StudioError) return json({ ...errorEnvelope(error), request_id: requestId }, error.http, requestId);
  // Anything unexpected: logged here with the request id, and the caller learns nothing inside.
  log.error({ err: error, request_id: requestId }, "unexpected error");
  return json({ code: 50000, message: "Internal error; quote the request id to support", request_id: requestId }, 500, requestId);
}

/** The id scripts/start.mjs gave this request (it writes it into X-Request-ID), or the caller's own, or a new one. */
export function requestIdFor(request: Request): string {
  return currentRequest()?.requestId ?? requestIdFrom(request.headers.get("x-request-id"));
}

function json(body: unknown, status: number, requestId: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "x-request-id": requestId, "cache-control": "no-store" },
  });
}

/** A stored answer with this request's id (a stored refusal, replayWithoutSecret's, gets it in its envelope too). */
async function replayedAnswer(replay: Response, requestId: string): Promise<Response> {
  if (replay.status < 400) {
    replay.headers.set("x-request-id", requestId);
    return replay;
  }
  const envelope = { ...(await replay.json()), request_id: requestId };
  const response = json(envelope, replay.status, requestId);
  response.headers.set("idempotent-replayed", "true");
  return response;
}

function isBodyRefusal(error: unknown): boolean {
  return error instanceof StudioError && (error.kind === "validation" || error.kind === "unsupported_media_type" || error.kind === "payload_too_large");
}

function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = fieldIssues(parsed.error);
  const summary = errors.map((issue) => `${issue.field} ${issue.message}`).join("; ");
  throw new StudioError("validation", `Invalid request: ${summary}`, errors);
}

/** Reads the body with a hard 1 MiB cap; an empty body is `undefined` where the body is optional. */
/** An operation without a body ignores what is sent, but not past the cap every route keeps. */
async function refuseOversizedBody(request: Request): Promise<undefined> {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) throw tooLarge();
  if (request.body) await readCapped(request, MAX_BODY_BYTES, tooLarge);
  return undefined;
}

async function readJsonBody(request: Request, optional: boolean): Promise<unknown> {
  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  if (declaredLength > MAX_BODY_BYTES) throw tooLarge();
  const text = await readCapped(request, MAX_BODY_BYTES, tooLarge);
  if (text.trim() === "") {
    if (optional) return undefined;
    throw new StudioError("validation", "A JSON request body is required", [{ field: "body", message: "is required" }]);
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json(\s*;|$)/i.test(contentType)) {
    throw new StudioError("unsupported_media_type", "Request bodies must be sent as Content-Type: application/json");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StudioError("validation", "The request body is not valid JSON", [{ field: "body", message: "is not valid JSON" }]);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new StudioError("validation", "The request body must be a JSON object", [{ field: "body", message: "must be an object" }]);
  }
  checkJsonValues(parsed);
  return parsed;
}

// Metadata nests a few levels; deeper documents are refused before anything walks them recursively.
const MAX_JSON_DEPTH = 32;

/**
 * Refuses, as 400s naming the field, what the database would otherwise answer with a 500:
 * U+0000 (PostgreSQL cannot store it in text or jsonb) and nesting deeper than MAX_JSON_DEPTH.
 * Walks with an explicit stack, so no document can exhaust the call stack.
 */
function checkJsonValues(body: object): void {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === "string") {
      if (value.includes("\u0000")) throw nulError(path.join(".") || "body");
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_JSON_DEPTH) {
      const field = path.slice(0, 2).join(".");
      throw new StudioError("validation", `Invalid request: ${field} is nested deeper than ${MAX_JSON_DEPTH} levels`, [
        { field, message: `must not nest deeper than ${MAX_JSON_DEPTH} levels` },
      ]);
    }
    for (const [key, child] of Object.entries(value)) {
      if (key.includes("\u0000")) throw nulError([...path, key].join("."));
      stack.push({ value: child, path: [...path, key] });
    }
  }
}

function nulError(field: string): StudioError {
  return new StudioError("validation", `Invalid request: ${field} must not contain the NUL character (\\u0000)`, [
    { field, message: "must not contain the NUL character (\\u0000)" },
  ]);
}

function tooLarge(): StudioError {
  return new StudioError("payload_too_large", "The request body exceeds the 1 MiB limit");
}

function assertBodyClientId(rawBody: unknown, clientId: string): void {
  const bodyClientId = (rawBody as { client_id?: unknown } | undefined)?.client_id;
  if (bodyClientId !== undefined && bodyClientId !== clientId) {
    throw new StudioError("client_id_mismatch", "Body client_id does not match the X-Client-ID header", [
      { field: "client_id", message: "must equal the X-Client-ID header" },
    ]);
  }
}

function searchParamsObject(request: Request): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) {
    // `?search=` is what a form with an empty field sends: the same as leaving the filter out.
    if (value === "") continue;
    if (value.includes("\u0000")) throw nulError(key);
    result[key] ??= value;
  }
  return result;
}

// Every id this API issues is a short `prefix_hex` token; anything else cannot name a record.
const ID_PARAM = /^[A-Za-z0-9_-]{1,100}$/;

async function flattenParams(context: NextRouteContext): Promise<Record<string, string>> {
  const params = (await context.params) ?? {};
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== "string") continue;
    if (!ID_PARAM.test(value)) throw new StudioError("not_found", `No record has the id ${JSON.stringify(value.slice(0, 100))}`);
    result[key] = value;
  }
  return result;
}

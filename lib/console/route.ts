import "server-only";
import { NextResponse } from "next/server";
import { BodyTooLargeError, MiB, readCapped } from "@/lib/http/read-capped";
import { contextForToken, type ConsoleContext } from "@/lib/console/context";
import { IDEMPOTENCY_KEY_HEADER, INVALID_KEY_MESSAGE, isValidIdempotencyKey } from "@/lib/console/idempotency-key";
import { sessionTokenOf } from "@/lib/console/session-cookie";
import { STEP_UP_MAX_AGE_MS, STEP_UP_REQUIRED, stepUpRequired } from "@/lib/console/step-up";
import { StudioApiError } from "@/lib/console/studio-client";
import type { ErrorBody } from "@/lib/console/types";
import { log } from "@/lib/observability/log";

type NextRouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

export function errorJson(status: number, body: ErrorBody, headers?: HeadersInit): NextResponse {
  return NextResponse.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Mutations must come from a page of this host: a missing or foreign Origin is refused (CSRF). */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

type RouteInput = {
  request: Request;
  ctx: ConsoleContext;
  params: Record<string, string>;
  /** The request's checked Idempotency-Key, for the handler to pass on to the Studio; none from older pages. */
  idempotencyKey: string | undefined;
};

type RouteOptions = {
  mutating: boolean;
  /**
   * The route moves money out (sign, refund, withdraw), for its path's params: it needs a password
   * proved within STEP_UP_MAX_AGE_MS (lib/console/step-up.ts), else 403/STEP_UP_REQUIRED and nothing is sent on.
   */
  movesFunds?: boolean | ((params: Record<string, string>) => boolean);
};

/**
 * The wrapper for every console route: Origin check on mutations, the session (401 without one),
 * a malformed Idempotency-Key refused with 400, a stale password check refused before money
 * moves, and the Studio's own error status and message passed through.
 */
export function consoleRoute(options: RouteOptions, handler: (input: RouteInput) => Promise<unknown>) {
  return async (request: Request, nextContext: NextRouteContext): Promise<Response> => {
    if (options.mutating && !sameOrigin(request)) {
      return errorJson(403, { code: 40300, message: "Cross-origin request refused" });
    }
    const token = await sessionTokenOf(request);
    const ctx = await contextForToken(token);
    if (!ctx) {
      if (await contextForToken(token, { firstPassword: "allow" })) {
        return errorJson(403, { code: 40300, message: "Choose a new password to continue: the first password of an invite only signs in to change it" });
      }
      return errorJson(401, { code: 40100, message: "Sign in to continue" });
    }
    const idempotencyKey = request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? undefined;
    if (idempotencyKey !== undefined && !isValidIdempotencyKey(idempotencyKey)) {
      return errorJson(400, {
        code: 40000,
        message: `${IDEMPOTENCY_KEY_HEADER} ${INVALID_KEY_MESSAGE}`,
        errors: [{ field: IDEMPOTENCY_KEY_HEADER, message: INVALID_KEY_MESSAGE }],
      });
    }
    const raw = (await nextContext?.params) ?? {};
    const params = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, String(value)]));
    const movesFunds = typeof options.movesFunds === "function" ? options.movesFunds(params) : options.movesFunds;
    if (movesFunds && stepUpRequired(ctx.session.passwordCheckedAt, new Date())) {
      return errorJson(403, { code: STEP_UP_REQUIRED, message: `Enter your password again to move funds: it was last checked more than ${STEP_UP_MAX_AGE_MS / 60_000} minutes ago` });
    }
    try {
      const result = await handler({ request, ctx, params, idempotencyKey });
      // A document (an invoice PDF) passes through as the Studio sent it.
      if (result instanceof Response) return result;
      return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      if (error instanceof StudioApiError) return errorJson(error.status, error.body);
      if (error instanceof BadRequest) return errorJson(400, { code: 40000, message: error.message });
      if (error instanceof BodyTooLargeError) return tooLargeJson(error);
      log.error({ err: error }, "console route failed");
      return errorJson(500, { code: 50000, message: "Something went wrong" });
    }
  };
}

export class BadRequest extends Error {}

/**
 * A Studio document (a PDF, a CSV export) answered as it streams in: its body is never buffered
 * here, so a long export holds no more of this server's memory than a short one.
 */
export function documentResponse(studio: Response, fallbackType: string): Response {
  return new Response(studio.body, {
    headers: {
      "content-type": studio.headers.get("content-type") ?? fallbackType,
      "content-disposition": studio.headers.get("content-disposition") ?? "attachment",
      "cache-control": "no-store",
    },
  });
}

/** The cap on a console route's body; sign-in has its own, smaller one. */
export const MAX_BODY_BYTES = MiB;

/** 413 in the console's error body. */
export function tooLargeJson(error: BodyTooLargeError): NextResponse {
  return errorJson(413, { code: 41300, message: error.message });
}

/** The body as JSON (undefined when empty), read with a hard cap: over it, BodyTooLargeError (413). */
export async function readJson(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readCapped(request, maxBytes);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest("The request body is not valid JSON");
  }
}

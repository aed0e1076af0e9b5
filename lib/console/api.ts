// The browser's fetch to the console's own /api routes (never to the Studio directly).
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/console/idempotency-key";
import { STEP_UP_REQUIRED } from "@/lib/console/step-up";
import type { ErrorBody } from "@/lib/console/types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

/** `idempotencyKey`: the key of the person's action (lib/console/use-action-keys), on every POST. */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = init.idempotencyKey;
  const response = await fetch(path, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
  });
  const body = (await response.json().catch(() => null)) as (T & Partial<ErrorBody>) | null;
  if (response.status === 401 && typeof window !== "undefined" && !path.startsWith("/api/auth/")) {
    window.location.assign(`/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
  if (!response.ok || body === null) {
    throw new ApiError(response.status, {
      code: body?.code ?? response.status * 100,
      message: body?.message ?? `Request failed (${response.status})`,
      ...(body?.errors ? { errors: body.errors } : {}),
    });
  }
  return body;
}

/** The console refused an action that moves funds until the person proves their password again (lib/console/step-up). */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.body.code === STEP_UP_REQUIRED;
}

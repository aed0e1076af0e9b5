// The browser's fetch to the console's own /api routes (never to the Studio directly).
import type { ErrorBody } from "@/lib/console/types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? "GET",
    headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
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

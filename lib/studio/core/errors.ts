// The error table of product-decisions §4. Services throw StudioError; the route wrapper turns
// it into the one error envelope.

export const ERROR_TABLE = {
  validation: { http: 400, code: 40000 },
  client_id_missing: { http: 400, code: 40001 },
  client_id_mismatch: { http: 400, code: 40002 },
  unauthenticated: { http: 401, code: 40100 },
  forbidden: { http: 403, code: 40300 },
  client_id_forbidden: { http: 403, code: 40301 },
  maker_checker: { http: 403, code: 40302 },
  not_found: { http: 404, code: 40400 },
  method_not_allowed: { http: 405, code: 40500 },
  invalid_state: { http: 409, code: 40900 },
  lost_race: { http: 409, code: 40901 },
  idempotency_mismatch: { http: 409, code: 40902 },
  secret_not_replayable: { http: 409, code: 40903 },
  payload_too_large: { http: 413, code: 41300 },
  unsupported_media_type: { http: 415, code: 41500 },
  business_rule: { http: 422, code: 42200 },
  rate_limited: { http: 429, code: 42900 },
  internal: { http: 500, code: 50000 },
} as const;

export type ErrorKind = keyof typeof ERROR_TABLE;
export type FieldError = { field: string; message: string };

export class StudioError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: FieldError[],
    /** Extra top-level envelope fields a case documents (`insufficient_amount` of a short balance). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = "StudioError";
  }

  get http(): number {
    return ERROR_TABLE[this.kind].http;
  }

  get code(): number {
    return ERROR_TABLE[this.kind].code;
  }
}

/** A validation failure on one field, the most common error services raise themselves. */
export function fieldError(field: string, message: string): StudioError {
  return new StudioError("validation", `${field}: ${message}`, [{ field, message }]);
}

export function notFound(what: string): StudioError {
  return new StudioError("not_found", `${what} not found`);
}

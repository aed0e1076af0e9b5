import "server-only";
// What every operation shares: the envelopes, the error envelope and its codes, and the headers.
import { z } from "zod";
import { ERROR_TABLE } from "@/lib/studio/core/errors";

export const pagingSchema = z.object({
  page_number: z.number().int().meta({ example: 1 }),
  page_size: z.number().int().meta({ example: 20 }),
  total_count: z.number().int().meta({ example: 137 }),
});

/** The paging of a list with the cursor extension (`starting_after`). */
export const cursorPagingSchema = pagingSchema.extend({
  next_starting_after: z.string().nullable().meta({
    description: "Extension: the `starting_after` of the next page (the id of this page's last row); null on the last page",
    example: "inv_8d2f0a6b1c3e4d57",
  }),
});

/** Envelope<T> of spec 2.1. */
export function envelopeSchema(data: z.ZodType) {
  return z.object({ code: z.literal(0), data });
}

/** ListEnvelope<T> of spec 2.1; the lists that have no categories to count (users, keys, the audit log) leave out `counts`. */
export function listEnvelopeSchema(record: z.ZodType, counts?: z.ZodType, cursor?: boolean) {
  const page = { code: z.literal(0), data: z.array(record), paging: cursor ? cursorPagingSchema : pagingSchema };
  return counts ? z.object({ ...page, counts }) : z.object(page);
}

const ERROR_CODES = [...new Set(Object.values(ERROR_TABLE).map((entry) => entry.code))] ;

/** The one error envelope (product-decisions §4). */
export const errorEnvelopeSchema = z
  .object({
    code: z.number().int().meta({ enum: ERROR_CODES, description: "Non-zero error code; its first three digits are the HTTP status", example: 40000 }),
    message: z.string().meta({ example: "Invalid request: recipient_email must be a valid email address" }),
    errors: z
      .array(z.object({ field: z.string().meta({ example: "recipient_email" }), message: z.string().meta({ example: "must be a valid email address" }) }))
      .optional()
      .meta({ description: "Per-field problems (400/40000 and 400/40002)" }),
    request_id: z.string().meta({ description: "Equals the X-Request-ID response header", example: "req_9f86d081884c7d659a2f" }),
    insufficient_amount: z
      .string()
      .optional()
      .meta({ description: "422/42200 of a balance too small for the request: how much is missing, as a decimal string of the token", example: "12.5" }),
  })
  .meta({ description: "Every error: the HTTP status says the class, `code` the case" });

/** The codes each HTTP status carries, for the error responses' descriptions. */
export function codesFor(status: number): string {
  return Object.entries(ERROR_TABLE)
    .filter(([, entry]) => entry.http === status)
    .map(([kind, entry]) => `\`${entry.code}\` ${kind}`)
    .join(", ");
}

export const ERROR_STATUS_TEXT: Record<number, string> = {
  400: "Bad request: invalid body, query, header or X-Client-ID",
  401: "Missing or invalid X-STUDIO-API-KEY",
  403: "The key's user lacks the permission, the client id is not the organization's, or maker-checker refuses",
  404: "No such record in the caller's organization, or no such endpoint",
  405: "The path exists but not with this method (`Allow` lists the methods it has)",
  409: "The record's status does not allow the action, a concurrent change won, or an Idempotency-Key was reused with another request",
  413: "The request body exceeds 1 MiB",
  415: "A request body that is not Content-Type: application/json",
  422: "A business rule refuses the request (unsupported chain or token, address invalid for the chain, balance too low, …)",
  429: "Too many requests for this API key; retry after Retry-After seconds",
  500: "Unexpected error; quote request_id to support",
};

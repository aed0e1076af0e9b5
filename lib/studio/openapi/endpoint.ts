import "server-only";
// One entry of the OpenAPI document per operation, kept next to the domain's schemas
// (lib/studio/<domain>/endpoints.ts) and collected by lib/studio/openapi/document.ts.
//
// Adding a route: write its request schema (as the handler already does) and its record schema
// (next to the serializer, which returns `z.infer` of it), then add an entry to the domain's
// `endpoints.ts`:
//
//   endpoint({ method: "get", path: "/refunds/{id}", tag: "Refunds", summary: "Get a refund",
//              permission: "transfer:read", response: refundRecordSchema }),
//
// and, for a new domain, list its array in document.ts. The e2e guard
// (e2e/api/openapi.test.ts) fails while a route file has no entry or an entry has no route.
import type { z } from "zod";
import type { Permission } from "@/lib/studio/auth/permissions";
import type { ActionDeclaration } from "@/lib/workflow/actions";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export type Endpoint = {
  method: HttpMethod;
  /** Relative to /v1/studio/api, with `{id}` for a path parameter. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Null: any valid key may call it; "public": no key at all. */
  permission: Permission | null | "public";
  /** Create endpoints: X-Client-ID is required. */
  clientId?: boolean;
  body?: { schema: z.ZodType; optional?: boolean; example?: unknown };
  query?: z.ZodObject;
  /** The `data` of the envelope; `list` makes it a ListEnvelope with this `counts` schema (none: `data` and `paging` only). */
  response: z.ZodType;
  list?: { counts?: z.ZodType; cursor?: boolean };
  /** The `{id}` path parameter when it is not a payment record's id. */
  pathId?: { description: string; example: string };
  /** Path parameters besides `{id}` (`{email_id}`), by name. */
  pathParams?: Record<string, { description: string; example: string }>;
  /** The response body is `response` itself, not an envelope (the document). */
  raw?: boolean;
  /** The response is a file of this media type (an invoice PDF, a CSV export), not JSON; errors stay envelopes. */
  file?: "application/pdf" | "text/csv";
  /** Not in studio-api-v1.md (marked `x-studio-extension`). */
  extension?: boolean;
  /** The verb's own refusals beyond what method, body and path imply. */
  refusals?: { conflict?: boolean; businessRule?: boolean; notFound?: boolean };
};

export function endpoint(entry: Endpoint): Endpoint {
  return entry;
}

/** Schemas that appear in the document as named components (`$ref`), wherever they are used. */
export const componentNames = new Map<z.ZodType, string>();

export function named<S extends z.ZodType>(name: string, schema: S): S {
  componentNames.set(schema, name);
  return schema;
}

/** A workflow action's entry: permission, summary, description and body come from its declaration. */
export function actionEndpoint(
  declaration: ActionDeclaration,
  entry: Omit<Endpoint, "summary" | "description" | "permission" | "body"> & { example?: unknown },
): Endpoint {
  const { example, ...rest } = entry;
  return {
    ...rest,
    summary: declaration.summary,
    ...(declaration.description ? { description: declaration.description } : {}),
    permission: declaration.permission,
    ...(declaration.body ? { body: { schema: declaration.body, optional: declaration.bodyOptional, example } } : {}),
  };
}

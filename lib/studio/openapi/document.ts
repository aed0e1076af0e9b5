import "server-only";
// The OpenAPI 3.1 document of the Studio API, generated from the zod schemas the handlers parse
// with and the record schemas the serializers return, so it cannot drift from the code.
import { OpenAPIRegistry, OpenApiGeneratorV31, zodToOpenAPIRegistry, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { codesFor, envelopeSchema, ERROR_STATUS_TEXT, errorEnvelopeSchema, listEnvelopeSchema } from "@/lib/studio/openapi/components";
import { componentNames, named, type Endpoint } from "@/lib/studio/openapi/endpoint";
import { invoiceEndpoints } from "@/lib/studio/invoices/endpoints";
import { payoutEndpoints } from "@/lib/studio/payouts/endpoints";
import { paymentIntentEndpoints } from "@/lib/studio/standalone-payments/endpoints";
import { balanceEndpoints } from "@/lib/studio/balances/endpoints";
import { withdrawalEndpoints } from "@/lib/studio/withdrawals/endpoints";
import { chainEndpoints } from "@/lib/studio/chain/endpoints";
import { webhookEndpoints } from "@/lib/studio/webhooks/endpoints";
import { sandboxEndpoints } from "@/lib/studio/sandbox/endpoints";
import { accountEndpoints } from "@/lib/studio/auth/endpoints";
import { teamEndpoints } from "@/lib/studio/orgs/endpoints";
import { auditEndpoints } from "@/lib/studio/audit/endpoints";
import { approvalEndpoints } from "@/lib/studio/approvals/endpoints";
import { exportEndpoints } from "@/lib/studio/export/endpoints";
import { dashboardEndpoints } from "@/lib/studio/dashboard/endpoints";
import { lookupEndpoints } from "@/lib/studio/lookup/endpoints";
import { savedViewEndpoints } from "@/lib/studio/saved-views/endpoints";
import { WEBHOOKS } from "@/lib/studio/webhooks/webhook-docs";

export const API_PREFIX = "/v1/studio/api";

/** Every operation of the API, in the order the reference shows them. */
export const ENDPOINTS: readonly Endpoint[] = [
  ...invoiceEndpoints,
  ...payoutEndpoints,
  ...paymentIntentEndpoints,
  ...balanceEndpoints,
  ...withdrawalEndpoints,
  ...chainEndpoints,
  ...webhookEndpoints,
  ...sandboxEndpoints,
  ...accountEndpoints,
  ...teamEndpoints,
  ...auditEndpoints,
  ...approvalEndpoints,
  ...exportEndpoints,
  ...dashboardEndpoints,
  ...lookupEndpoints,
  ...savedViewEndpoints,
];

named("ErrorEnvelope", errorEnvelopeSchema);

const DESCRIPTION = `The Studio API: invoices, payouts and payment intents in USDC/USDT, the balance they build and the withdrawals that draw on it.

- **Authentication**: every call but this document carries \`X-STUDIO-API-KEY\`. A key acts as the console user who created it, with that user's permissions. Keys belong on servers only.
- **X-Client-ID**: the create endpoints require the organization's client id; a body \`client_id\`, when present, must equal it.
- **Envelopes**: success is \`{"code": 0, "data": …}\` (lists add \`paging\` and \`counts\`); every error is the error envelope with the HTTP status, a code and \`request_id\`.
- **Money**: amounts are exact decimal strings (\`"125.5"\`), never floating-point numbers.
- **Idempotency**: every POST accepts \`Idempotency-Key\` (1–255 characters, kept 24 h per API user); a replay answers the first response with \`Idempotent-Replayed: true\`, the same key with another request is 409/40902. An answer that carries a secret (POST /api_keys) is not kept: its replay is 409/40903, naming what was made, whose secret cannot be shown again.
- **Wrong method**: a path called with a method it does not serve answers 405/40500 in the error envelope, with \`Allow\`.
- **Rate limits**: per API key; every authenticated answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` and \`RateLimit-Policy\`, and a 429 also \`Retry-After\`.
- **Versioning**: records may gain fields; clients ignore unknown fields. Operations marked \`x-studio-extension\` are Studio's additions to studio-api-v1.`;

const header = (description: string, example?: string | number) => ({
  description,
  schema: typeof example === "number" ? { type: "integer" as const, example } : { type: "string" as const, ...(example ? { example } : {}) },
});

const REQUEST_ID_HEADER = header("The request's id (the inbound X-Request-ID when it is 8–64 of [A-Za-z0-9_.:-], else generated)", "req_9f86d081884c7d659a2f");
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": header("Requests allowed at once (the burst)", 100),
  "RateLimit-Remaining": header("Requests available now", 99),
  "RateLimit-Reset": header("Seconds until the bucket is full again", 1),
  "RateLimit-Policy": header("The burst per window", "100;w=1"),
};

/** The 200 body an operation answers: its envelope around the record, or the record itself. */
export function responseSchema(entry: Endpoint): z.ZodType {
  if (entry.raw || entry.file) return entry.response;
  return entry.list ? listEnvelopeSchema(entry.response, entry.list.counts, entry.list.cursor) : envelopeSchema(entry.response);
}

function operation(entry: Endpoint): RouteConfig {
  const authenticated = entry.permission !== "public";
  const hasId = entry.path.includes("{id}");
  const isPost = entry.method === "post";
  const successHeaders = {
    "X-Request-ID": REQUEST_ID_HEADER,
    ...(authenticated ? RATE_LIMIT_HEADERS : {}),
    ...(isPost ? { "Idempotent-Replayed": header("`true` when this is the stored answer to an earlier request with the same Idempotency-Key", "true") } : {}),
  };
  const statuses = new Set<number>([500]);
  if (authenticated) [401, 429].forEach((status) => statuses.add(status));
  if (entry.permission && entry.permission !== "public") statuses.add(403);
  if (entry.body || entry.query || entry.clientId || isPost) statuses.add(400);
  if (entry.clientId) statuses.add(403);
  if (entry.body) [413, 415].forEach((status) => statuses.add(status));
  if (hasId || entry.refusals?.notFound) statuses.add(404);
  if (isPost || entry.refusals?.conflict) statuses.add(409);
  if (entry.refusals?.businessRule) statuses.add(422);

  const responses: Record<number, ResponseConfig> = {
    200: {
      description: entry.file === "text/csv" ? "The CSV file, streamed" : entry.file ? "The file" : entry.raw ? "The document" : entry.list ? "A page of records" : "The record",
      headers: successHeaders,
      content: entry.file
        ? { [entry.file]: { schema: entry.response } }
        : {
            "application/json": { schema: responseSchema(entry) },
          },
    },
  };
  for (const status of [...statuses].sort()) {
    const codes = codesFor(status);
    responses[status] = {
      description: `${ERROR_STATUS_TEXT[status]}${codes ? ` (codes: ${codes})` : ""}`,
      headers: {
        "X-Request-ID": REQUEST_ID_HEADER,
        ...(authenticated && status !== 401 ? RATE_LIMIT_HEADERS : {}),
        ...(status === 429 ? { "Retry-After": header("Seconds to wait before retrying", 1) } : {}),
      },
      content: { "application/json": { schema: errorEnvelopeSchema } },
    };
  }

  const headers: z.ZodObject["shape"] = {};
  if (entry.clientId) headers["X-Client-ID"] = z.string().meta({ description: "The organization's OAuth client id", example: "demo-merchant" });
  if (isPost) {
    headers["Idempotency-Key"] = z
      .string()
      .min(1)
      .max(255)
      .optional()
      .meta({ description: "Makes a retry safe: the same key answers the first response (kept 24 h per API user)", example: "9b2d6c1e-create-inv-1001" });
  }
  headers["X-Request-ID"] = z.string().optional().meta({ description: "Your id for this request, echoed back (8–64 of [A-Za-z0-9_.:-])" });

  return {
    method: entry.method,
    path: `${API_PREFIX}${entry.path}`,
    operationId: operationId(entry),
    tags: [entry.tag],
    summary: entry.summary,
    description: [entry.description, permissionNote(entry)].filter(Boolean).join("\n\n"),
    security: authenticated ? [{ ApiKey: [] }] : [],
    ...(entry.extension ? { "x-studio-extension": true } : {}),
    ...(authenticated && entry.permission ? { "x-studio-permission": entry.permission } : {}),
    request: {
      ...(hasId
        ? {
            params: z.object({
              id: z.string().meta(entry.pathId ?? { description: "The record's id", example: "inv_8d2f0a6b1c3e4d57" }),
              ...Object.fromEntries(Object.entries(entry.pathParams ?? {}).map(([name, meta]) => [name, z.string().meta(meta)])),
            }),
          }
        : {}),
      ...(entry.query ? { query: entry.query } : {}),
      headers: z.object(headers),
      ...(entry.body
        ? {
            body: {
              required: !entry.body.optional,
              content: { "application/json": { schema: entry.body.schema, ...(entry.body.example ? { example: entry.body.example } : {}) } },
            },
          }
        : {}),
    },
    responses,
  };
}

function permissionNote(entry: Endpoint): string {
  if (entry.permission === "public") return "Public: no API key needed.";
  if (entry.permission === null) return "Any valid API key.";
  return `Requires \`${entry.permission}\`.`;
}

function operationId(entry: Endpoint): string {
  const words = entry.path
    .replace(/\{(\w+)\}/g, (_, name: string) => `by ${name.replaceAll("_", " ")}`)
    .split(/[/_.\s]+/)
    .filter(Boolean);
  return [entry.method, ...words].map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("");
}

export function buildOpenApiDocument() {
  for (const [schema, name] of componentNames) zodToOpenAPIRegistry.add(schema, { _internal: { refId: name } } as never);
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "X-STUDIO-API-KEY",
    description: "An API key made in the console; it acts as the user who created it",
  });
  for (const entry of ENDPOINTS) registry.registerPath(operation(entry));
  // What the service POSTs to callback URLs and webhook endpoints (OpenAPI 3.1 `webhooks`).
  for (const webhook of WEBHOOKS) registry.registerWebhook(webhook);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Studio API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/", description: "This server" }],
    tags: [...new Set(ENDPOINTS.map((entry) => entry.tag))].map((name) => ({ name })),
  });
}

let cachedJson: string | undefined;

/** The document as JSON, generated once per process. */
export function openApiJson(): string {
  cachedJson ??= JSON.stringify(buildOpenApiDocument());
  return cachedJson;
}

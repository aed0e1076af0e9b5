// The API reference pages' reading of the OpenAPI document (GET /v1/studio/api/openapi.json): its
// operations grouped by tag, and each schema as rows of fields a table can show. The pages render
// these on the server, one tag a page, so reading the reference costs a phone little (Scalar's
// interactive reference, 1.2 MB of script, is a click away at /docs/api/try).
import { micromark } from "micromark";

/** The parts of a JSON schema the Studio document uses (it has no allOf/anyOf/oneOf). */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  description?: string;
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type MediaTypes = Record<string, { schema?: JsonSchema; example?: unknown }>;
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  "x-studio-extension"?: boolean;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: MediaTypes };
  responses?: Record<string, { description?: string; content?: MediaTypes }>;
};

export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** One row of a field table: `detail_items[].name` for a field inside an array of objects. */
export type FieldRow = { name: string; type: TypeLabel; required: boolean; description?: string; constraints: string[]; example?: string };

/** A type as the page writes it: text, and the schema it links to when it is a named one. */
export type TypeLabel = { text: string; schema?: string };

export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  extension: boolean;
  parameters: FieldRow[];
  body?: { type: TypeLabel; fields: FieldRow[]; example?: string };
  responses: Array<{ status: string; description: string; type?: TypeLabel }>;
};

export type ReferenceTag = { name: string; id: string; description?: string; operations: ReferenceOperation[] };

// Headers every operation takes or answers; the document's introduction says them once.
const SHARED_HEADERS = new Set(["x-request-id"]);
const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];
const SCHEMA_PREFIX = "#/components/schemas/";
// Nested objects are spelled out this deep; a named schema is linked instead of repeated.
const MAX_DEPTH = 3;

/** An anchor id from a name: `Payment intents` → `payment-intents`. */
export const anchor = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** The anchor of a named schema's table. */
export const schemaAnchor = (name: string) => `schema-${anchor(name)}`;

/**
 * The document's Markdown (descriptions) as HTML. micromark escapes raw HTML by default, so a
 * description cannot inject markup into the page.
 */
export const markdownHtml = (text: string) => micromark(text);

function schemaName(ref: string): string {
  return ref.startsWith(SCHEMA_PREFIX) ? ref.slice(SCHEMA_PREFIX.length) : ref;
}

const literal = (value: unknown) => (value === null ? "null" : JSON.stringify(value));

/** How a schema's type reads: `string (date-time)`, `"USD" | "TWD" | null`, `InvoiceIntent[]`, `object`. */
export function typeLabel(schema: JsonSchema): TypeLabel {
  if (schema.$ref) {
    const name = schemaName(schema.$ref);
    return { text: name, schema: name };
  }
  if (schema.enum) return { text: schema.enum.map(literal).join(" | ") };
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = types.filter((type) => type !== "null");
  const nullable = types.includes("null") ? " | null" : "";
  if (named.length === 1 && named[0] === "array" && schema.items) {
    const item = typeLabel(schema.items);
    const text = item.text.includes(" ") ? `(${item.text})[]` : `${item.text}[]`;
    return { text: text + nullable, schema: item.schema };
  }
  const base = named.length > 0 ? named.join(" | ") : "any";
  return { text: (schema.format ? `${base} (${schema.format})` : base) + nullable };
}

/** Limits and defaults in a few words: `1–100`, `default 20`, `pattern ^…$`. */
function constraints(schema: JsonSchema): string[] {
  const said: string[] = [];
  const range = (low: number | undefined, high: number | undefined, unit: string) => {
    if (low !== undefined && high !== undefined) said.push(`${low}–${high}${unit}`);
    else if (low !== undefined) said.push(`≥ ${low}${unit}`);
    else if (high !== undefined) said.push(`≤ ${high}${unit}`);
  };
  range(schema.minimum, schema.maximum, "");
  if (schema.exclusiveMinimum !== undefined) said.push(`> ${schema.exclusiveMinimum}`);
  range(schema.minLength, schema.maxLength, " characters");
  range(schema.minItems, schema.maxItems, " items");
  if (schema.default !== undefined) said.push(`default ${literal(schema.default)}`);
  if (schema.pattern) said.push(`pattern ${schema.pattern}`);
  return said;
}

/** An object schema's fields as rows, nested objects (up to MAX_DEPTH) under dotted names. */
export function fieldRows(schema: JsonSchema, prefix = "", depth = 0): FieldRow[] {
  const required = new Set(schema.required ?? []);
  const rows: FieldRow[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const name = prefix + key;
    rows.push({
      name,
      type: typeLabel(property),
      required: required.has(key),
      description: property.description,
      constraints: constraints(property),
      example: property.example === undefined ? undefined : literal(property.example),
    });
    if (depth + 1 >= MAX_DEPTH) continue;
    if (property.properties) rows.push(...fieldRows(property, `${name}.`, depth + 1));
    else if (property.items?.properties) rows.push(...fieldRows(property.items, `${name}[].`, depth + 1));
  }
  return rows;
}

/** The schema of a JSON body, or of a response's `data` when it is the success envelope. */
function jsonSchema(content: MediaTypes | undefined): JsonSchema | undefined {
  return content?.["application/json"]?.schema ?? Object.values(content ?? {})[0]?.schema;
}

function responseType(content: MediaTypes | undefined): TypeLabel | undefined {
  const schema = jsonSchema(content);
  if (!schema) {
    const mediaType = Object.keys(content ?? {})[0];
    return mediaType ? { text: mediaType } : undefined;
  }
  // The success envelope {code: 0, data: …} says its data's type; everything else says its own.
  const data = schema.properties?.data;
  return data ? typeLabel(data) : typeLabel(schema);
}

function referenceOperation(method: string, path: string, operation: Operation): ReferenceOperation {
  const parameters = (operation.parameters ?? [])
    .filter((parameter) => !SHARED_HEADERS.has(parameter.name.toLowerCase()))
    .map((parameter) => ({
      name: parameter.name,
      type: { text: `${parameter.in} · ${typeLabel(parameter.schema ?? {}).text}` },
      required: parameter.required ?? false,
      description: parameter.description ?? parameter.schema?.description,
      constraints: constraints(parameter.schema ?? {}),
    }));
  const bodyContent = operation.requestBody?.content;
  const bodySchema = jsonSchema(bodyContent);
  const bodyExample = bodyContent?.["application/json"]?.example;
  return {
    id: operation.operationId ? anchor(operation.operationId) : anchor(`${method} ${path}`),
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
    description: operation.description,
    extension: operation["x-studio-extension"] === true,
    parameters,
    body: bodySchema
      ? {
          type: typeLabel(bodySchema),
          // A named body's fields are in its schema's table; an inline one is spelled out here.
          fields: bodySchema.$ref ? [] : fieldRows(bodySchema),
          example: bodyExample === undefined ? undefined : JSON.stringify(bodyExample, null, 2),
        }
      : undefined,
    responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
      status,
      description: response.description ?? "",
      type: responseType(response.content),
    })),
  };
}

/** The operations by tag, in the document's tag order, each tag's operations by path then method. */
export function referenceTags(document: OpenApiDocument): ReferenceTag[] {
  const byTag = new Map<string, ReferenceOperation[]>();
  for (const tag of document.tags ?? []) byTag.set(tag.name, []);
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of METHOD_ORDER) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(referenceOperation(method, path, operation));
    }
  }
  const descriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  return [...byTag]
    .filter(([, operations]) => operations.length > 0)
    .map(([name, operations]) => ({ name, id: anchor(name), description: descriptions.get(name), operations }));
}

export type ReferenceSchema = { name: string; id: string; description?: string; type: TypeLabel; fields: FieldRow[] };

/** The named schemas `value` refers to, and those they refer to in turn. */
function referencedSchemas(value: unknown, schemas: Record<string, JsonSchema>, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, schemas, found);
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") {
        const name = schemaName(inner);
        if (!found.has(name) && schemas[name]) {
          found.add(name);
          referencedSchemas(schemas[name], schemas, found);
        }
      } else {
        referencedSchemas(inner, schemas, found);
      }
    }
  }
  return found;
}

/**
 * One tag's page: its operations and every named schema they use, alphabetically, each as its
 * field table (or its type, when not an object), so the page's type links stay on the page.
 */
export function referenceTagPage(document: OpenApiDocument, tagId: string): { tag: ReferenceTag; schemas: ReferenceSchema[] } | undefined {
  const tag = referenceTags(document).find((candidate) => candidate.id === tagId);
  if (!tag) return undefined;
  const schemas = document.components?.schemas ?? {};
  const operations = Object.values(document.paths).flatMap((path) => Object.values(path).filter((operation) => anchor(operation.tags?.[0] ?? "Other") === tagId));
  const names = [...referencedSchemas(operations, schemas)].sort((a, b) => a.localeCompare(b));
  return {
    tag,
    schemas: names.map((name) => ({ name, id: schemaAnchor(name), description: schemas[name]!.description, type: typeLabel(schemas[name]!), fields: fieldRows(schemas[name]!) })),
  };
}

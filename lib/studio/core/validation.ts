import { z } from "zod";
import { isPlainDecimal, PLAIN_DECIMAL } from "@/lib/studio/core/money";

// Messages a merchant engineer can act on, the same in the API and in console forms.
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "is required";
    if (issue.code === "invalid_type") return `must be ${article(issue.expected)}`;
    if (issue.code === "invalid_value" && issue.input === undefined) return "is required";
    if (issue.code === "invalid_value") return `must be one of: ${issue.values.map(String).join(", ")}`;
    if (issue.code === "unrecognized_keys") return `has unsupported keys: ${issue.keys.join(", ")}`;
    if (issue.code === "too_small" || issue.code === "too_big") return sizeMessage(issue);
    return undefined;
  },
});

// zod's names for types, in the words of the JSON a merchant engineer sends.
const EXPECTED_NAMES: Record<string, string> = {
  int: "an integer",
  integer: "an integer",
  object: "an object",
  record: "an object",
  array: "an array",
  boolean: "a boolean (true or false)",
};

function article(expected: string): string {
  return EXPECTED_NAMES[expected] ?? `a ${expected}`;
}

function sizeMessage(issue: { code: "too_small" | "too_big"; origin: string; inclusive?: boolean } & Record<string, unknown>) {
  const small = issue.code === "too_small";
  const limit = Number(small ? issue.minimum : issue.maximum);
  if (issue.origin === "string") {
    if (small && limit === 1) return "must not be empty";
    return `must be ${small ? "at least" : "at most"} ${limit} characters`;
  }
  if (issue.origin === "array") return `must have ${small ? "at least" : "at most"} ${limit} items`;
  if (issue.inclusive === false) return `must be ${small ? "greater" : "less"} than ${limit}`;
  return `must be ${small ? "at least" : "at most"} ${limit}`;
}

// Refinements are code, not JSON Schema: each rule a refinement enforces is also written into the
// OpenAPI document (`pattern`, `format`), so a generated client refuses what the server refuses.

export const decimalString = z
  .string()
  .max(80)
  .refine(isPlainDecimal, "must be a plain decimal string like \"100.50\" (no sign, exponent, spaces or leading dot)")
  .meta({ pattern: PLAIN_DECIMAL.source });

const NON_ZERO = /[1-9]/;
export const positiveDecimalString = decimalString
  .refine((text) => NON_ZERO.test(text), "must be greater than zero")
  .meta({ pattern: `^(?=.*${NON_ZERO.source})${PLAIN_DECIMAL.source.slice(1)}` });

// Lower-cased so that filters and uniqueness do not depend on how a person typed the address.
export const emailAddress = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: "must be a valid email address" }))
  .transform((email) => email.toLowerCase())
  .meta({ format: "email" });

export const nonBlank = (max: number) =>
  z.string().trim().min(1, "must not be blank").max(max, `must be at most ${max} characters`);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

// A date-time without Z or an offset is refused rather than guessed: "10:00" means another
// instant in every time zone, and money deadlines must not depend on where a server runs.
const LOCAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;
const NEEDS_OFFSET = "needs a time zone: end it with Z (UTC) or an offset such as +08:00";

/** An ISO 8601 timestamp with an offset, or a plain `YYYY-MM-DD` date (taken as midnight UTC). */
export const isoDateOrTimestamp = z
  .string()
  .refine((text) => !LOCAL_TIMESTAMP.test(text), NEEDS_OFFSET)
  .refine(
    (text) => LOCAL_TIMESTAMP.test(text) || ((ISO_DATE.test(text) || ISO_TIMESTAMP.test(text)) && !Number.isNaN(Date.parse(text))),
    "must be an ISO 8601 timestamp or a YYYY-MM-DD date",
  )
  .meta({ pattern: `^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2}))?$` });

export const isoTimestamp = z
  .string()
  .refine((text) => !LOCAL_TIMESTAMP.test(text), NEEDS_OFFSET)
  .refine(
    (text) => LOCAL_TIMESTAMP.test(text) || (ISO_TIMESTAMP.test(text) && !Number.isNaN(Date.parse(text))),
    "must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z",
  )
  .meta({ format: "date-time" });

export const httpUrl = z
  .string()
  .max(2048)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http(s) URL")
  .meta({ format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://" });

/** A chain id as a merchant sends it; whether the chain is supported is a business rule (422). */
export const chainId = z.string().trim().min(1).max(32);

/** A blockchain address; whether it is valid for its chain is a business rule (422). */
export const chainAddress = z.string().trim().min(1).max(128);

export const attachment = z.object({ file_id: nonBlank(200) });

// Seconds, not milliseconds: a millisecond timestamp would land tens of thousands of years out.
export const unixSeconds = z
  .number()
  .int()
  .positive()
  .max(32_503_680_000, "must be a Unix timestamp in seconds (this looks like milliseconds)");

// Stored as a PostgreSQL integer.
export const bankAccountId = z.number().int().positive().max(2_147_483_647);

export type FieldIssue = { field: string; message: string };

export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "body",
    message: issue.message,
  }));
}

/** Free-form merchant data kept with a payment (KryptoGO: at most 1,000 characters serialized). */
export const ORDER_DATA_MAX_CHARS = 1000;
export const orderData = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= ORDER_DATA_MAX_CHARS, `must be at most ${ORDER_DATA_MAX_CHARS.toLocaleString("en")} characters when serialized as JSON`);

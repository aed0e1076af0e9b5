import { z } from "zod";
import { isPlainDecimal } from "@/lib/studio/money";

// Messages a merchant engineer can act on, the same in the API and in console forms.
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "is required";
    if (issue.code === "invalid_type") return `must be ${article(issue.expected)}`;
    if (issue.code === "invalid_value") return `must be one of: ${issue.values.map(String).join(", ")}`;
    return undefined;
  },
});

function article(expected: string): string {
  return expected === "integer" || expected === "object" || expected === "array" ? `an ${expected}` : `a ${expected}`;
}

export const decimalString = z
  .string()
  .refine(isPlainDecimal, "must be a plain decimal string like \"100.50\" (no sign, exponent, spaces or leading dot)");

export const positiveDecimalString = decimalString.refine((text) => /[1-9]/.test(text), "must be greater than zero");

// Lower-cased so that filters and uniqueness do not depend on how a person typed the address.
export const emailAddress = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: "must be a valid email address" }))
  .transform((email) => email.toLowerCase());

export const nonBlank = (max: number) =>
  z.string().trim().min(1, "must not be blank").max(max, `must be at most ${max} characters`);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An ISO 8601 timestamp with an offset, or a plain `YYYY-MM-DD` date (taken as midnight UTC). */
export const isoDateOrTimestamp = z
  .string()
  .refine(
    (text) => (ISO_DATE.test(text) || ISO_TIMESTAMP.test(text)) && !Number.isNaN(Date.parse(text)),
    "must be an ISO 8601 timestamp or a YYYY-MM-DD date",
  );

export const isoTimestamp = z
  .string()
  .refine(
    (text) => ISO_TIMESTAMP.test(text) && !Number.isNaN(Date.parse(text)),
    "must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z",
  );

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
  }, "must be an http(s) URL");

export type FieldIssue = { field: string; message: string };

export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "body",
    message: issue.message,
  }));
}

// The shared zod schemas (and the API, whose field errors the forms show too) speak English
// only, and the API must keep its messages: each message the console's forms can show is matched
// here by its wording and said again in the person's language. One not listed stays as it came.
import type { useTranslations } from "next-intl";

export type FieldMessageTranslator = ReturnType<typeof useTranslations<"forms.validation">>;
type Amount = (value: string) => string;

const MESSAGES: Array<[RegExp, (t: FieldMessageTranslator, match: RegExpExecArray, amount: Amount) => string]> = [
  [/^is required$/, (t) => t("required")],
  [/^must not be (?:empty|blank)$/, (t) => t("notBlank")],
  [/^must be (at least|at most) (\d+) characters$/, (t, m) => t(m[1] === "at least" ? "minChars" : "maxChars", { limit: m[2]! })],
  [/^must have (at least|at most) (\d+) items$/, (t, m) => t(m[1] === "at least" ? "minItems" : "maxItems", { limit: m[2]! })],
  [/^must have at least one line item$/, (t) => t("oneLineItem")],
  [/^must be greater than zero$/, (t) => t("positive")],
  [/^must not be negative$/, (t) => t("notNegative")],
  [/^must be (greater|less) than (\S+)$/, (t, m, amount) => t(m[1] === "greater" ? "greaterThan" : "lessThan", { limit: amount(m[2]!) })],
  [/^must be (at least|at most) (\S+)$/, (t, m, amount) => t(m[1] === "at least" ? "atLeast" : "atMost", { limit: amount(m[2]!) })],
  [/^must be a valid email address$/, (t) => t("email")],
  [/^must be a plain decimal string like/, (t) => t("decimal")],
  [/^must be a plain number with at most (\d+) decimal places$/, (t, m) => t("plainNumber", { places: m[1]! })],
  [/^must be a decimal with at most (\d+) places$/, (t, m) => t("decimalPlaces", { places: m[1]! })],
  [/^(\S+) must not exceed amount (\S+)$/, (t, m, amount) => t("netAboveGross", { net: amount(m[1]!), gross: amount(m[2]!) })],
  [/^must be an integer$/, (t) => t("integer")],
  [/^must be a number$/, (t) => t("number")],
  [/^must be one of: (.+)$/, (t, m) => t("oneOf", { values: m[1]! })],
  [/^must be an ISO 8601 timestamp or a YYYY-MM-DD date$/, (t) => t("date")],
  [/^needs a time zone/, (t) => t("needsOffset")],
  [/^must be an http\(s\) URL$/, (t) => t("url")],
  [/^the first tier must start from 0$/, (t) => t("firstTier")],
  [/^tiers must be in ascending order of from_usd$/, (t) => t("tierOrder")],
];

/** `message` in the translator's language, or undefined when no pattern knows it. */
export function translateFieldMessage(message: string, t: FieldMessageTranslator, amount: Amount): string | undefined {
  for (const [pattern, say] of MESSAGES) {
    const match = pattern.exec(message);
    if (match) return say(t, match, amount);
  }
  return undefined;
}

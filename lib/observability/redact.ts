// Text that must never be written out (a node URL's API key in its path or query, its password),
// with what stands for it instead. Whoever configures such a secret registers it once; every text
// an error becomes on its way to a log line or a database column passes through redactSecrets.
// Kept per process on globalThis: the bundles that load this module share one list.

const holder = globalThis as typeof globalThis & { __studioSecretTexts?: Map<string, string> };
const secrets = (holder.__studioSecretTexts ??= new Map<string, string>());
let longestFirst: Array<[string, string]> = [];

/** The secrets, longest first (a URL before its own path); re-sorted when another bundle added one. */
function ordered(): Array<[string, string]> {
  if (longestFirst.length !== secrets.size) longestFirst = [...secrets].sort(([a], [b]) => b.length - a.length);
  return longestFirst;
}

/** From now on, `redactSecrets` writes `shown` wherever `secret` appears. */
export function registerSecretText(secret: string, shown: string): void {
  // Very short texts ("/", "?a") would mangle every line and hide nothing worth hiding.
  if (secret.length < 4 || secrets.get(secret) === shown) return;
  secrets.set(secret, shown);
  longestFirst = [];
}

/** `text` with every registered secret replaced by what stands for it. */
export function redactSecrets(text: string): string {
  let redacted = text;
  for (const [secret, shown] of ordered()) if (redacted.includes(secret)) redacted = redacted.split(secret).join(shown);
  return redacted;
}

/**
 * `value` with every string in it redacted, through arrays and plain objects however deeply nested
 * (a log line's fields, a serialized error). Anything else (an Error, a Date) is left as it is:
 * its own serializer turns it into text, and redacts that.
 */
export function redactSecretsDeep(value: unknown): unknown {
  if (secrets.size === 0) return value;
  if (typeof value === "string") return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redactSecretsDeep);
  if (value && typeof value === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactSecretsDeep(inner)]));
  }
  return value;
}

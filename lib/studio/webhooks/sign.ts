import "server-only";
// Standard Webhooks signing (product-decisions §5): the headers any of its verifier libraries checks.
// Signed with node:crypto rather than the `standardwebhooks` package, whose pure-JS SHA-256 was a
// measurable share of the dispatcher's CPU per delivery; sign.test.ts holds the two byte-equal.
import { createHmac } from "node:crypto";

const SECRET_PREFIX = "whsec_";
// Decoded keys by secret: one per organization and endpoint (two during a rotation), so the map
// stays as small as their count; a rotated-away secret's key stays until the process restarts.
const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
    if (key.length === 0) throw new Error("webhook secret is empty");
    keys.set(secret, key);
  }
  return key;
}

/**
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` (v1, HMAC-SHA256 of id.timestamp.body).
 * Several secrets (a rotation's overlap) give several space-separated `v1,` signatures, as
 * Standard Webhooks allows: a verifier holding any one of the secrets accepts the message.
 */
export function signedHeaders(secrets: string | readonly string[], eventId: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = (typeof secrets === "string" ? [secrets] : secrets).map(
    (secret) => `v1,${createHmac("sha256", keyOf(secret)).update(`${eventId}.${timestamp}.${body}`, "utf8").digest("base64")}`,
  );
  return { "webhook-id": eventId, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}

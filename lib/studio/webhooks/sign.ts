// Standard Webhooks signing (product-decisions §5): the headers any of its verifier libraries checks.
// Signed with node:crypto rather than the `standardwebhooks` package, whose pure-JS SHA-256 was a
// measurable share of the dispatcher's CPU per delivery; sign.test.ts holds the two byte-equal.
import { createHmac } from "node:crypto";

const SECRET_PREFIX = "whsec_";
// Decoded keys by secret: one per organization, so the map stays as small as the org count.
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

/** `webhook-id`, `webhook-timestamp` and `webhook-signature` (v1, HMAC-SHA256 of id.timestamp.body). */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac("sha256", keyOf(secret)).update(`${eventId}.${timestamp}.${body}`, "utf8").digest("base64");
  return { "webhook-id": eventId, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}

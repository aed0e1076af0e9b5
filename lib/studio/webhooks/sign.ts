// Standard Webhooks signing (product-decisions §5): the headers any of its verifier libraries checks.
import { Webhook } from "standardwebhooks";

/** `webhook-id`, `webhook-timestamp` and `webhook-signature` (v1, HMAC-SHA256 of id.timestamp.body). */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(eventId, at, body),
  };
}

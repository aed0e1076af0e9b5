import "server-only";
import { createHash, randomBytes } from "node:crypto";

// `stk_` + 32 base64url characters = 192 random bits.
const KEY_PREFIX = "stk_";
export const API_KEY_PATTERN = /stk_[A-Za-z0-9_-]{32}/;

export type NewApiKey = { key: string; keyHash: string; prefix: string; last4: string };

export function generateApiKey(): NewApiKey {
  const key = KEY_PREFIX + randomBytes(24).toString("base64url");
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, 8), last4: key.slice(-4) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** How a key is shown after creation: never the whole key again. */
export function maskApiKey(prefix: string, last4: string): string {
  return `${prefix}…${last4}`;
}

// Idempotency-Key for the console's mutating calls (spec §6): one key per person's action, sent
// again by every retry of that action, so a double click or a resent request acts once and the
// Studio replays the first answer. No framework imports: the browser makes keys, the console
// routes check them.

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

// 1 to 255 printable ASCII characters, not starting or ending with a space (HTTP would trim it).
const VALID_KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

export const INVALID_KEY_MESSAGE = "must be 1 to 255 printable ASCII characters";

export function isValidIdempotencyKey(key: string): boolean {
  return VALID_KEY.test(key);
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

import { loadOrCreateSecret } from "@/lib/crypto";
import { env } from "@/lib/env";

let cached: Buffer | undefined;

/** The AES-256-GCM key for API keys at rest: CONSOLE_SECRET, or one generated into DATA_DIR on first start. */
export function consoleSecret(): Buffer {
  cached ??= loadOrCreateSecret(env.DATA_DIR, "console-secret", env.CONSOLE_SECRET);
  return cached;
}

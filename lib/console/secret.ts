import "server-only";
import type { DbOrTx } from "@/lib/db/client";
import { loadOrCreateSecret, resealFirstFormat, seal, sealingKey, unseal } from "@/lib/crypto";
import { env } from "@/lib/env";
import { checkServerSecret, requireServerSecrets } from "@/lib/secrets/check";

let keys: { secret: Buffer; key: Buffer } | undefined;

/** The keys for API keys at rest: CONSOLE_SECRET, or one generated into DATA_DIR on first start. */
function consoleKeys() {
  if (!keys) {
    requireServerSecrets("The console", ["CONSOLE_SECRET"]);
    const secret = loadOrCreateSecret(env.DATA_DIR, "console-secret", env.CONSOLE_SECRET);
    keys = { secret, key: sealingKey(secret, "console/api-key") };
  }
  return keys;
}

const boundTo = (email: string) => `console_accounts:${email}:api_key`;

/** A console account's Studio API key, sealed to that account (by its unique email). */
export const sealAccountApiKey = (email: string, apiKey: string) => seal(apiKey, consoleKeys().key, boundTo(email));
export const unsealAccountApiKey = (email: string, sealed: string) => unseal(sealed, consoleKeys(), boundTo(email));
/** The account's key in the current sealed format, or null when it already is (start-up re-seals the first format). */
export const resealFirstFormatApiKey = (email: string, sealed: string) => resealFirstFormat(sealed, consoleKeys(), boundTo(email));

/**
 * Refuses a CONSOLE_SECRET other than the one this database was set up with. A database from
 * before the check: the secret must open a console account's key (`sample`, when there is one).
 */
export async function checkConsoleSecret(database: DbOrTx, sample: { email: string; sealed: string } | undefined): Promise<void> {
  await checkServerSecret(database, "CONSOLE_SECRET", consoleKeys().secret, async () => {
    if (!sample) return true;
    try {
      unsealAccountApiKey(sample.email, sample.sealed);
      return true;
    } catch {
      return false;
    }
  });
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { loadOrCreateSecret, sealingKey } from "@/lib/crypto";
import { requireServerSecrets } from "@/lib/secrets/check";

// POST /me/sign_ins writes "this person signed in" into the audit log. Any key could once write
// that about its own person, so a stolen key could forge sign-ins (or failed ones) with any
// address. Now only the console's own server may: it proves itself with an HMAC under a key derived
// from CONSOLE_SECRET, over the time, the API key sent and the body, in CONSOLE_PROOF_HEADER.
// The Studio it records to must share that CONSOLE_SECRET (it is one deployment).

export const CONSOLE_PROOF_HEADER = "x-studio-console-proof";
/** How old a proof may be: the console computes it right before sending. */
const MAX_AGE_SECONDS = 300;

let proofKey: Buffer | undefined;
function key(): Buffer {
  requireServerSecrets("The console", ["CONSOLE_SECRET"]);
  proofKey ??= sealingKey(loadOrCreateSecret(env.DATA_DIR, "console-secret", env.CONSOLE_SECRET), "console/sign-in-proof");
  return proofKey;
}

const mac = (time: number, apiKey: string, body: string) => createHmac("sha256", key()).update(`${time}.${apiKey}.${body}`).digest("hex");

/** The header value for a request sent with `apiKey` and the JSON text `body`. */
export function consoleProof(apiKey: string, body: string, now: number = Date.now()): string {
  const time = Math.floor(now / 1000);
  return `t=${time},v1=${mac(time, apiKey, body)}`;
}

/** Whether `header` proves the console's server sent `body` with `apiKey` within the last few minutes. */
export function isConsoleProof(header: string | null, apiKey: string, body: string, now: number = Date.now()): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const time = Number(match[1]);
  if (Math.abs(now / 1000 - time) > MAX_AGE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(match[2]!, "hex"), Buffer.from(mac(time, apiKey, body), "hex"));
}

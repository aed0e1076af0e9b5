import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { env } from "@/lib/env";
import type { DbOrTx } from "@/lib/db/client";
import { secretChecks } from "@/lib/secrets/schema";

export type ServerSecretName = "STUDIO_SECRET" | "CONSOLE_SECRET";

/**
 * In production every server, worker and CLI run of one deployment must share its secrets, so a
 * secret generated into one host's DATA_DIR is never right: start is refused without them.
 * Development (STUDIO_ENV=development) keeps generating them into the data folder.
 */
export function requireServerSecrets(process: string, names: ServerSecretName[]): void {
  if (env.STUDIO_ENV !== "production") return;
  const missing = names.filter((name) => !env[name]);
  if (missing.length === 0) return;
  throw new StartRefusedError(
    `${process} refuses to start: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set. ` +
      `With STUDIO_ENV=production each must be set (at least 32 characters, the same value on every server, worker and CLI run); ` +
      `STUDIO_ENV=development generates them into DATA_DIR instead.`,
  );
}

/**
 * PUBLIC_URL is no secret, but production needs it the same way: `kg_deep_link`, the hosted
 * payment page, callbacks' records and invoice e-mails send payers there, and without it they
 * would point at http://localhost. Development keeps defaulting to the local server's address.
 */
export function requirePublicUrl(process: string): void {
  if (env.STUDIO_ENV !== "production" || env.PUBLIC_URL) return;
  throw new StartRefusedError(
    `${process} refuses to start: PUBLIC_URL is not set. With STUDIO_ENV=production it must name the origin payers reach ` +
      `this deployment at (e.g. https://pay.example.com): payment links, callbacks and e-mails point there, and without it ` +
      `they would send payers to http://localhost. STUDIO_ENV=development defaults it to http://localhost:<PORT>.`,
  );
}

/** What the database keeps of a secret: an HMAC under a key of its own, which reveals nothing of the secret. */
export function secretCheckValue(secret: Buffer, name: ServerSecretName): string {
  const key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "studio secret check", 32));
  return createHmac("sha256", key).update(name).digest("base64url");
}

/** A setting no retry can fix: the process says why and exits instead of waiting to be ready. */
export class StartRefusedError extends Error {
  override name = "StartRefusedError";
}

/**
 * Compares `secret` with the check value the database stored for `name` when it was first used,
 * and stores it on a database that has none. `opensExisting` decides a database that holds sealed
 * values but no check value yet (one made before checks existed): the secret must open them.
 */
export async function checkServerSecret(
  database: DbOrTx,
  name: ServerSecretName,
  secret: Buffer,
  opensExisting: () => Promise<boolean>,
): Promise<void> {
  const expected = secretCheckValue(secret, name);
  let [stored] = await database.select({ value: secretChecks.checkValue }).from(secretChecks).where(eq(secretChecks.name, name));
  if (!stored) {
    if (!(await opensExisting())) throw wrongSecret(name);
    // Several servers may start at once: whoever inserts first decides, the others compare with it.
    await database.insert(secretChecks).values({ name, checkValue: expected }).onConflictDoNothing();
    [stored] = await database.select({ value: secretChecks.checkValue }).from(secretChecks).where(eq(secretChecks.name, name));
  }
  const matches = stored && stored.value.length === expected.length && timingSafeEqual(Buffer.from(stored.value), Buffer.from(expected));
  if (!matches) throw wrongSecret(name);
}

function wrongSecret(name: ServerSecretName): StartRefusedError {
  const file = name === "STUDIO_SECRET" ? "studio-secret" : "console-secret";
  return new StartRefusedError(
    `${name} is not the secret this database was set up with: nothing sealed under it (${
      name === "STUDIO_SECRET" ? "HD seeds: deposit addresses, payouts" : "the console's API keys: sign-ins"
    }) could be opened. Start with the ${name} the other servers use (or, where it was generated, the one in DATA_DIR/${file}).`,
  );
}

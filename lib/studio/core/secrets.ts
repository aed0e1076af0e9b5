import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/lib/env";
import { and, eq, not, like } from "drizzle-orm";
import { loadOrCreateSecret, resealFirstFormat, seal, sealingKey, unseal } from "@/lib/crypto";
import type { DbOrTx } from "@/lib/db/client";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { checkServerSecret, requireServerSecrets } from "@/lib/secrets/check";

let keys: { secret: Buffer; key: Buffer } | undefined;
let endpointKeys: { secret: Buffer; key: Buffer } | undefined;
let sendBindingKeys: Buffer | undefined;

function studioSecret(): Buffer {
  requireServerSecrets("Studio", ["STUDIO_SECRET"]);
  return loadOrCreateSecret(env.DATA_DIR, "studio-secret", env.STUDIO_SECRET);
}

function hdSeedKeys() {
  if (!keys) {
    const secret = studioSecret();
    keys = { secret, key: sealingKey(secret, "studio/hd-seed") };
  }
  return keys;
}

function webhookEndpointKeys() {
  if (!endpointKeys) {
    const secret = studioSecret();
    endpointKeys = { secret, key: sealingKey(secret, "studio/webhook-endpoint-secret") };
  }
  return endpointKeys;
}

/**
 * The key a chain send's binding MAC is made under (lib/studio/chain/send-binding.ts): derived
 * from STUDIO_SECRET and the send's id, so a row copied under another id carries no valid MAC.
 */
export function sendBindingKey(sendId: string): Buffer {
  sendBindingKeys ??= sealingKey(studioSecret(), "studio/chain-send-binding");
  return createHmac("sha256", sendBindingKeys).update(`chain-send-binding:${sendId}`).digest();
}

/** Which of an endpoint's two secrets: the one signing now, or the one a rotation replaced. */
export type EndpointSecretSlot = "secret" | "previous_secret";
const endpointBoundTo = (endpointId: string, slot: EndpointSecretSlot) => `webhook_endpoints:${endpointId}:${slot}`;

/** A webhook endpoint's signing secret, sealed to its row and slot (a previous secret cannot pose as the current one). */
export const sealEndpointSecret = (endpointId: string, slot: EndpointSecretSlot, secret: string) =>
  seal(secret, webhookEndpointKeys().key, endpointBoundTo(endpointId, slot));
export const unsealEndpointSecret = (endpointId: string, slot: EndpointSecretSlot, sealed: string) =>
  unseal(sealed, webhookEndpointKeys(), endpointBoundTo(endpointId, slot));

const boundTo = (orgId: number) => `organizations:${orgId}:hd_seed`;

/** An organization's HD mnemonic, sealed to that organization's row. */
export const sealHdSeed = (orgId: number, mnemonic: string) => seal(mnemonic, hdSeedKeys().key, boundTo(orgId));
export const unsealHdSeed = (orgId: number, sealed: string) => unseal(sealed, hdSeedKeys(), boundTo(orgId));

/**
 * Re-seals HD seeds still in the first format (bound to no row), so `unseal` can refuse that
 * format. Each row is swapped only if nobody changed it meanwhile: several servers may start at once.
 */
export async function resealFirstFormatHdSeeds(database: DbOrTx): Promise<number> {
  const rows = await database
    .select({ id: organizations.id, sealed: organizations.hdSeedSealed })
    .from(organizations)
    .where(and(not(like(organizations.hdSeedSealed, "v2.%")), not(eq(organizations.hdSeedSealed, ""))));
  for (const row of rows) {
    const resealed = resealFirstFormat(row.sealed, hdSeedKeys(), boundTo(row.id));
    if (resealed) await database.update(organizations).set({ hdSeedSealed: resealed }).where(and(eq(organizations.id, row.id), eq(organizations.hdSeedSealed, row.sealed)));
  }
  return rows.length;
}

/**
 * Refuses a STUDIO_SECRET other than the one this database was set up with (start-up, every
 * process that opens HD seeds). A database from before the check: the secret must open a seed.
 */
export async function checkStudioSecret(database: DbOrTx): Promise<void> {
  await checkServerSecret(database, "STUDIO_SECRET", hdSeedKeys().secret, async () => {
    const [sample] = await database
      .select({ id: organizations.id, sealed: organizations.hdSeedSealed })
      .from(organizations)
      .where(like(organizations.hdSeedSealed, "v2.%"))
      .limit(1);
    if (!sample) return true;
    try {
      unsealHdSeed(sample.id, sample.sealed);
      return true;
    } catch {
      return false;
    }
  });
}

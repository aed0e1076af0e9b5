import { env } from "@/lib/env";
import { loadOrCreateSecret, seal, sealingKey, unseal } from "@/lib/crypto";

let keys: { secret: Buffer; key: Buffer } | undefined;

function hdSeedKeys() {
  if (!keys) {
    const secret = loadOrCreateSecret(env.DATA_DIR, "studio-secret", env.STUDIO_SECRET);
    keys = { secret, key: sealingKey(secret, "studio/hd-seed") };
  }
  return keys;
}

const boundTo = (orgId: number) => `organizations:${orgId}:hd_seed`;

/** An organization's HD mnemonic, sealed to that organization's row. */
export const sealHdSeed = (orgId: number, mnemonic: string) => seal(mnemonic, hdSeedKeys().key, boundTo(orgId));
export const unsealHdSeed = (orgId: number, sealed: string) => unseal(sealed, hdSeedKeys(), boundTo(orgId));

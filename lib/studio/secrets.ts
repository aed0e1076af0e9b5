import { env } from "@/lib/env";
import { loadOrCreateSecret, seal, unseal } from "@/lib/crypto";

let key: Buffer | undefined;

function studioKey(): Buffer {
  key ??= loadOrCreateSecret(env.DATA_DIR, "studio-secret", env.STUDIO_SECRET);
  return key;
}

export const sealStudioSecret = (plaintext: string) => seal(plaintext, studioKey());
export const unsealStudioSecret = (sealed: string) => unseal(sealed, studioKey());

import "server-only";
// Each organization's HD wallet: the sealed BIP-39 mnemonic opened once per process, because
// turning a mnemonic into a seed (PBKDF2, 2048 rounds) costs far more than deriving an address.
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { unsealHdSeed } from "@/lib/studio/core/secrets";
import { deriveAddress } from "@/lib/studio/chain/addresses";
import type { AddressFamily } from "@/lib/studio/chain/registry";

export type OrgWallet = { root: HDKey; seed: Uint8Array };

const cache = new Map<string, OrgWallet>();

export function openOrgWallet(orgId: number, hdSeedSealed: string): OrgWallet {
  let wallet = cache.get(hdSeedSealed);
  if (!wallet) {
    const seed = mnemonicToSeedSync(unsealHdSeed(orgId, hdSeedSealed));
    wallet = { root: HDKey.fromMasterSeed(seed), seed };
    cache.set(hdSeedSealed, wallet);
  }
  return wallet;
}

/** Address `index` of an organization's wallet in a chain family's format (the same on the sandbox and a real chain). */
export function walletAddress(input: { family: AddressFamily; orgId: number; hdSeedSealed: string; index: number }): string {
  const { root, seed } = openOrgWallet(input.orgId, input.hdSeedSealed);
  return deriveAddress({ family: input.family, root, seed, index: input.index });
}

import "server-only";
// Signing keys of an organization's EVM addresses: the same BIP-44 path as its deposit addresses
// (m/44'/60'/0'/0/index), from the HD seed sealed by STUDIO_SECRET (indexes: wallet-indexes.ts).
import { eq } from "drizzle-orm";
import { bytesToHex } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { DbOrTx } from "@/lib/db/client";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { openOrgWallet } from "@/lib/studio/chain/hd-wallet";

/** The account at `index` of the organization's EVM wallet, able to sign. */
export async function orgAccount(db: DbOrTx, orgId: number, index: number): Promise<PrivateKeyAccount> {
  const [org] = await db.select({ hdSeedSealed: organizations.hdSeedSealed }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw new Error(`organization ${orgId} vanished`);
  const { root } = openOrgWallet(orgId, org.hdSeedSealed);
  const privateKey = root.derive(`m/44'/60'/0'/0/${index}`).privateKey;
  if (!privateKey) throw new Error(`no private key at index ${index}`);
  return privateKeyToAccount(bytesToHex(privateKey));
}

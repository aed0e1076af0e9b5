import "server-only";
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { chainAdapter } from "@/lib/studio/chain/adapter";
import { findChain } from "@/lib/studio/chain/registry";
import { TREASURY_INDEX } from "@/lib/studio/chain/wallet-indexes";

/**
 * A fresh deposit address of the organization's wallet on `chainId`: the next unused HD index,
 * taken with a row update that serializes concurrent approvals. With it comes the token of the
 * hosted payment page (/pay/{token}): the page exists from the moment there is an address to pay.
 */
export async function takeDepositAddress(
  tx: Tx,
  orgId: number,
  chainId: string,
): Promise<{ paymentAddress: string; addressIndex: number; payToken: string }> {
  const chain = findChain(chainId);
  if (!chain) throw new Error(`payment intent on unknown chain ${chainId}`);
  const [row] = await tx
    .update(organizations)
    .set({ nextAddressIndex: sql`${organizations.nextAddressIndex} + 1` })
    .where(eq(organizations.id, orgId))
    .returning({ next: organizations.nextAddressIndex, hdSeedSealed: organizations.hdSeedSealed });
  if (!row) throw new Error(`organization ${orgId} vanished`);
  const addressIndex = row.next - 1;
  return {
    paymentAddress: chainAdapter(chainId).depositAddress({ chain, orgId, hdSeedSealed: row.hdSeedSealed, index: addressIndex }),
    addressIndex,
    payToken: newPayToken(),
  };
}

/** 192 random bits, URL-safe: unguessable, and unrelated to the record's id. */
export function newPayToken(): string {
  return randomBytes(24).toString("base64url");
}


/** Where funds go that have no payout target: the organization's treasury address on the chain. */
export async function treasuryAddress(tx: Tx, orgId: number, chainId: string): Promise<string> {
  const chain = findChain(chainId);
  if (!chain) throw new Error(`payment intent on unknown chain ${chainId}`);
  const [org] = await tx.select({ hdSeedSealed: organizations.hdSeedSealed }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw new Error(`organization ${orgId} vanished`);
  return chainAdapter(chainId).depositAddress({ chain, orgId, hdSeedSealed: org.hdSeedSealed, index: TREASURY_INDEX });
}

import "server-only";
// The deposit addresses the scanner matches each Transfer's `to` against, held in memory per
// chain: a range of 10,000 logs is matched in a map instead of 10,000 probes of the database's
// index. It is brought up to date before each scan round, exactly and cheaply, from a fact of the
// schema: an organization's deposit addresses are taken in HD index order under its row lock
// (takeDepositAddress), so once `organizations.next_address_index` reads N, every address with a
// lower index is committed and can be read, and none still to come has an index below N.
// Addresses never change or leave a payment intent once given.
//
// Why this is enough for deposits: a payer learns an address only after it was committed, so a
// transfer to it is in a block mined after that, and a round refreshes the map after reading the
// head it scans to.
import { and, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import { db, type Database } from "@/lib/db/client";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { hexPrefix, type AddressOwner, type WatchedAddresses } from "@/lib/studio/chain/evm/transfer-logs";

type WatchedChain = WatchedAddresses & {
  /** Per organization, the HD index up to which its addresses are in `owners`. */
  readUpTo: Map<number, number>;
};

// Per database (tests open several in one process), per chain.
const watchedByDatabase = new WeakMap<Database, Map<string, WatchedChain>>();

/** The deposit addresses of `chainId`, current as of this call. */
export async function watchedAddresses(chainId: string): Promise<WatchedAddresses> {
  const database = await db();
  let chains = watchedByDatabase.get(database);
  if (!chains) watchedByDatabase.set(database, (chains = new Map()));
  let watched = chains.get(chainId);
  if (!watched) {
    watched = await loadAll(database, chainId);
    chains.set(chainId, watched);
    return watched;
  }
  const orgs = await database.select({ id: organizations.id, next: organizations.nextAddressIndex }).from(organizations);
  for (const org of orgs) {
    const readUpTo = watched.readUpTo.get(org.id) ?? -1;
    const newest = org.next - 1;
    if (newest <= readUpTo) continue;
    const rows = await database
      .select({ id: paymentIntents.id, address: sql<string>`substr(lower(${paymentIntents.paymentAddress}), 3)` })
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.chainId, chainId),
          eq(paymentIntents.orgId, org.id),
          gt(paymentIntents.addressIndex, readUpTo),
          lte(paymentIntents.addressIndex, newest),
          isNotNull(paymentIntents.paymentAddress),
        ),
      );
    for (const row of rows) watch(watched, row.address, { paymentIntentId: row.id, orgId: org.id });
    watched.readUpTo.set(org.id, newest);
  }
  return watched;
}

function watch(watched: WatchedAddresses, address: string, owner: AddressOwner): void {
  watched.owners.set(address, owner);
  watched.prefixes.add(hexPrefix(address, 0));
}

/** Every address of the chain, whatever its index (also those written without one, as by imports). */
async function loadAll(database: Database, chainId: string): Promise<WatchedChain> {
  // The organizations' counters first: every address below them is committed, so the rows read next hold them all.
  const orgs = await database.select({ id: organizations.id, next: organizations.nextAddressIndex }).from(organizations);
  const rows = await database
    .select({
      id: paymentIntents.id,
      orgId: paymentIntents.orgId,
      address: sql<string>`substr(lower(${paymentIntents.paymentAddress}), 3)`,
    })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.chainId, chainId), isNotNull(paymentIntents.paymentAddress)));
  const watched: WatchedChain = { owners: new Map(), prefixes: new Set(), readUpTo: new Map(orgs.map((org) => [org.id, org.next - 1])) };
  for (const row of rows) watch(watched, row.address, { paymentIntentId: row.id, orgId: row.orgId });
  return watched;
}

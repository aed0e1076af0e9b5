import "server-only";
// Sends planned before binding MACs existed (migration 0032) have none, and SQL cannot make one
// (the key needs STUDIO_SECRET). At start-up, each such send still on its way gets its MAC only if
// its stored transaction proves its columns: signed by its sender's key, for exactly its token,
// destination, amount, chain and nonce. Binding it then allows nothing that key had not already
// signed. Any other is quarantined. Later, a row without a MAC is quarantined when first touched.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { chainSends } from "@/lib/studio/db/chain-schema";
import { bindSend } from "@/lib/studio/chain/send-binding";
import { quarantineOnViolation } from "@/lib/studio/chain/quarantine";
import { evmSendBinding, verifiedStoredTransaction } from "@/lib/studio/chain/evm/bound-transaction";
import { rpcChains } from "@/lib/studio/chain/evm/rpc-chains";

export async function bindUnboundSends(database: DbOrTx, now: Date = new Date()): Promise<{ bound: number; quarantined: number }> {
  const counts = { bound: 0, quarantined: 0 };
  for (const rpc of rpcChains()) {
    const rows = await database
      .select()
      .from(chainSends)
      .where(and(eq(chainSends.chainId, rpc.chain.id), isNull(chainSends.bindingMac), inArray(chainSends.status, ["pending", "sent"])));
    for (const row of rows) {
      const bound = await quarantineOnViolation(row, "start-up binding", now, async () => {
        const binding = evmSendBinding(rpc, row);
        await verifiedStoredTransaction(rpc, row.rawTx, binding);
        // Several processes may start at once: whichever writes first, the MAC is the same.
        await database.update(chainSends).set({ bindingMac: bindSend(binding) }).where(and(eq(chainSends.id, row.id), isNull(chainSends.bindingMac)));
        return true;
      });
      if (bound) counts.bound += 1;
      else counts.quarantined += 1;
    }
  }
  return counts;
}

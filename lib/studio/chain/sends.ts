// The chain-send outbox. A verb that decides to send funds records the send (with the hash it
// will have) in its own transaction; the broadcast happens after commit. The drainer (in-process
// sweeper or `npm run worker`) broadcasts whatever a crash left pending, under a short lease so
// two drainers do not broadcast one send at once, and the chain takes a repeated broadcast of a
// reference as the same transfer: a send is never lost and never made twice.
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Tx } from "@/lib/db/client";
import { chainSends } from "@/lib/studio/db/schema";
import { newId } from "@/lib/studio/ids";
import { chainAdapter, type OutboundTransfer } from "@/lib/studio/chain/adapter";
import { findChain, type ChainInfo } from "@/lib/studio/chain/registry";
import { afterCommit } from "@/lib/studio/unit-of-work";

export type SendPurpose = "settlement" | "refund" | "partial_refund" | "payout" | "withdrawal";

const LEASE_MS = 15_000;
const BATCH = 50;

type SendRow = typeof chainSends.$inferSelect;

/** Records a send in the open unit of work and queues its broadcast for after the commit. */
export async function planSend(
  tx: Tx,
  input: {
    orgId: number;
    /** The payment the funds came from; a withdrawal draws on the balance instead. */
    paymentIntentId: string | null;
    purpose: SendPurpose;
    chain: ChainInfo;
    tokenAddress: string;
    to: string;
    amount: string;
    now: Date;
  },
): Promise<{ id: string; txHash: string; timestamp: number }> {
  const transfer: OutboundTransfer = {
    reference: newId("send"),
    chain: input.chain,
    tokenAddress: input.tokenAddress,
    to: input.to,
    amount: input.amount,
  };
  const txHash = chainAdapter().plannedTxHash(transfer);
  await tx.insert(chainSends).values({
    id: transfer.reference,
    orgId: input.orgId,
    paymentIntentId: input.paymentIntentId,
    purpose: input.purpose,
    chainId: input.chain.id,
    tokenAddress: input.tokenAddress,
    toAddress: input.to,
    amount: input.amount,
    txHash,
    createdAt: input.now,
  });
  afterCommit(() => broadcastPendingSends({ only: [transfer.reference] }).then(() => undefined));
  return { id: transfer.reference, txHash, timestamp: Math.floor(input.now.getTime() / 1000) };
}

/**
 * Broadcasts pending sends (all, or `only` these) and marks them sent; returns how many it
 * claimed. A failed broadcast stays pending for the next drain; failures are logged, not thrown.
 */
export async function broadcastPendingSends(options: { only?: string[]; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const database = await db();
  const claimed = await database.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(chainSends)
      .where(
        and(
          eq(chainSends.status, "pending"),
          or(isNull(chainSends.leaseUntil), lt(chainSends.leaseUntil, now)),
          options.only ? inArray(chainSends.id, options.only) : undefined,
        ),
      )
      .orderBy(asc(chainSends.createdAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(chainSends)
        .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${chainSends.attempts} + 1` })
        .where(inArray(chainSends.id, rows.map((row) => row.id)));
    }
    return rows;
  });
  for (const send of claimed) await broadcastOne(send);
  return claimed.length;
}

async function broadcastOne(send: SendRow): Promise<void> {
  const database = await db();
  try {
    const chain = findChain(send.chainId);
    if (!chain) throw new Error(`unknown chain ${send.chainId}`);
    await chainAdapter().broadcast({ reference: send.id, chain, tokenAddress: send.tokenAddress, to: send.toAddress, amount: send.amount });
    await database
      .update(chainSends)
      .set({ status: "sent", sentAt: new Date(), lastError: null })
      .where(and(eq(chainSends.id, send.id), eq(chainSends.status, "pending")));
  } catch (error) {
    console.error(`[studio] broadcast of ${send.id} failed; it stays pending`, error);
    await database
      .update(chainSends)
      .set({ lastError: String(error).slice(0, 500) })
      .where(eq(chainSends.id, send.id))
      .catch(() => undefined);
  }
}

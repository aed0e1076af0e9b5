import "server-only";
// The chain-send outbox. A verb that decides to send funds records the send (with the hash it
// will have) in its own transaction; the broadcast happens after commit. The drainer (in-process
// sweeper or `npm run worker`) broadcasts whatever a crash left pending, under a short lease so
// two drainers do not broadcast one send at once, and the chain takes a repeated broadcast of a
// reference as the same transfer: a send is never lost and never made twice.
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Tx } from "@/lib/db/client";
import { chainSends } from "@/lib/studio/db/chain-schema";
import { newId } from "@/lib/studio/core/ids";
import { chainAdapter, type OutboundTransfer, type SendRow, type SendSender } from "@/lib/studio/chain/adapter";
import type { ChainInfo } from "@/lib/studio/chain/registry";
import { afterCommit } from "@/lib/studio/core/unit-of-work";
import { shortReason } from "@/lib/studio/chain/evm/start-checks";
import { redactSecrets } from "@/lib/observability/redact";
import { log } from "@/lib/observability/log";

export type SendPurpose = "settlement" | "refund" | "partial_refund" | "payout" | "withdrawal";
// Sends move pending (planned, not yet broadcast) → sent (broadcast) → confirmed (at depth) or
// failed (reverted or dropped, restored by a compensating ledger entry); a sandbox send is
// confirmed at broadcast (its chain is a table: final the moment it holds the row).

const LEASE_MS = 15_000;
const BATCH = 50;


/** Records a send in the open unit of work and queues its broadcast for after the commit. */
export async function planSend(
  tx: Tx,
  input: {
    orgId: number;
    /** The payment the funds came from; a withdrawal draws on the balance instead. */
    paymentIntentId: string | null;
    /** Where the funds are; by default the payment's deposit address, or the treasury without a payment. */
    sender?: SendSender;
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
    purpose: input.purpose,
    chain: input.chain,
    tokenAddress: input.tokenAddress,
    to: input.to,
    amount: input.amount,
  };
  const sender = input.sender ?? (input.paymentIntentId ? "deposit_address" : "treasury");
  const planned = await chainAdapter(input.chain.id).plan(tx, transfer, { orgId: input.orgId, paymentIntentId: input.paymentIntentId, sender });
  const txHash = planned.txHash;
  await tx.insert(chainSends).values({
    ...planned,
    id: transfer.reference,
    orgId: input.orgId,
    paymentIntentId: input.paymentIntentId,
    purpose: input.purpose,
    chainId: input.chain.id,
    tokenAddress: input.tokenAddress,
    toAddress: input.to,
    amount: input.amount,
    createdAt: input.now,
  });
  // A gas top-up planned with the send goes first; the send itself waits until it is mined.
  const only = planned.afterSendId ? [planned.afterSendId, transfer.reference] : [transfer.reference];
  afterCommit(() => broadcastPendingSends({ only }).then(() => undefined));
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
      // Lowest nonces first: a sender's next transaction is always in the batch, never starved by
      // later ones a node refuses until it has arrived (the sandbox has no nonces).
      .orderBy(sql`${chainSends.nonce} NULLS FIRST`, asc(chainSends.createdAt))
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
  // What a send waits for (its gas top-up) goes out before it, and each sender's transactions in
  // nonce order (a node may refuse a nonce beyond the next one it expects).
  const waits = (send: SendRow) => (send.afterSendId === null ? 0 : 1);
  claimed.sort((a, b) => waits(a) - waits(b) || (a.nonce ?? 0) - (b.nonce ?? 0));
  let sent = 0;
  for (const send of claimed) sent += (await broadcastOne(send)) ? 1 : 0;
  return sent;
}

/** Whether the send went out; one that must wait gives its lease back for the next drain. */
async function broadcastOne(send: SendRow): Promise<boolean> {
  const database = await db();
  try {
    const outcome = await chainAdapter(send.chainId).broadcast(send);
    if (outcome === "refused") return false;
    if (outcome === "waiting") {
      await database.update(chainSends).set({ leaseUntil: null }).where(eq(chainSends.id, send.id));
      return false;
    }
    const now = new Date();
    await database
      .update(chainSends)
      .set({ status: outcome, sentAt: now, ...(outcome === "confirmed" ? { confirmedAt: now } : {}), lastError: null })
      .where(and(eq(chainSends.id, send.id), eq(chainSends.status, "pending")));
    return true;
  } catch (error) {
    log.error({ send_id: send.id, reason: shortReason(error) }, "broadcast failed; the send stays pending");
    // The attempt is over, so its lease is too: the next drain tries again (a node that refused
    // a nonce ahead of one still on its way takes it once that one is in).
    await database
      .update(chainSends)
      .set({ lastError: redactSecrets(String(error)).slice(0, 500), leaseUntil: null })
      .where(eq(chainSends.id, send.id))
      .catch(() => undefined);
    return false;
  }
}

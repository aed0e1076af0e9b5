import "server-only";
// How a send on an RPC chain ends, shared by the tracker (which follows it) and the person who
// resolves a send the tracker could not judge. Every write is compare-and-set on the row as its
// caller read it: when the row moved in between (another version signed, a person resolved it),
// the write does nothing and the caller reads it again.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Hex } from "viem";
import type { Tx } from "@/lib/db/client";
import { ledgerEntries, withdrawals } from "@/lib/studio/db/balances-schema";
import { chainSends, type ReviewEvidence } from "@/lib/studio/db/chain-schema";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { formatUnits, parseSignedUnits } from "@/lib/studio/core/money";
import type { SendRow } from "@/lib/studio/chain/adapter";
import { log } from "@/lib/observability/log";

/** The send's row exactly as `send` read it: same status, same live hash, same versions. */
export function unchangedSince(send: SendRow): SQL {
  return and(
    eq(chainSends.id, send.id),
    eq(chainSends.status, send.status),
    eq(chainSends.txHash, send.txHash),
    sql`${chainSends.txHashes} IS NOT DISTINCT FROM ${send.txHashes === null ? null : JSON.stringify(send.txHashes)}::jsonb`,
  )!;
}

/** The records that named a version of the send other than `mined` (a payment's hash columns, its withdrawal) now name `mined`. */
export async function followMinedHash(tx: Tx, send: SendRow, mined: Hex): Promise<void> {
  const versions = [...new Set([...(send.txHashes ?? []), send.txHash])].filter((hash) => hash !== mined);
  if (send.paymentIntentId && versions.length > 0) {
    for (const column of ["aggregation_tx_hash", "refund_tx_hash", "partial_refund_tx_hash"] as const) {
      await tx.execute(
        sql`UPDATE payment_intents SET ${sql.identifier(column)} = ${mined} WHERE id = ${send.paymentIntentId} AND ${sql.identifier(column)} IN (${sql.join(versions.map((hash) => sql`${hash}`), sql`, `)})`,
      );
    }
  }
  await tx.update(withdrawals).set({ txHash: mined }).where(eq(withdrawals.sendId, send.id));
}

/**
 * A send that will never happen: marked failed (from the statuses `from` allows, on the row as
 * `where` expects it), what it took from the ledger given back (a withdrawal's debit, a refund's),
 * sends that waited for it (its token send, after a failed gas top-up) failed with it, and each
 * named in the audit log. Whether it was failed here.
 */
export async function failSend(
  tx: Tx,
  send: SendRow,
  reason: string,
  now: Date,
  options: { where: SQL; minedHash?: Hex; actorUid?: string | null },
): Promise<{ failed: boolean; restored: string }> {
  const [failed] = await tx
    .update(chainSends)
    .set({ status: "failed", lastError: reason.slice(0, 500), ...(options.minedHash ? { txHash: options.minedHash } : {}) })
    .where(options.where)
    .returning();
  if (!failed) return { failed: false, restored: "0" };
  const restored = await restoreLedger(tx, failed, now);
  await recordAudit(tx, {
    orgId: failed.orgId,
    actorUid: options.actorUid ?? null,
    action: "chain_send.failed",
    objectType: "chain_send",
    objectId: failed.id,
    details: { reason, purpose: failed.purpose, chain_id: failed.chainId, tx_hash: failed.txHash, payment_intent_id: failed.paymentIntentId, ledger_restored: restored },
    now,
  });
  const waiting = await tx.select().from(chainSends).where(and(eq(chainSends.afterSendId, failed.id), eq(chainSends.status, "pending")));
  for (const dependent of waiting) {
    await failSend(tx, dependent, `its gas top-up ${failed.id} failed (${reason})`, now, { where: unchangedSince(dependent), actorUid: options.actorUid });
  }
  return { failed: true, restored };
}

/**
 * A broadcast send none of whose versions has a receipt while its nonce is used: a version this
 * service no longer knows of may have paid it, so nothing is credited back. It waits for a person
 * (POST /chain_sends/{id}/resolve), with what the tracker saw, on GET /chains and in the audit log.
 */
export async function holdForReview(tx: Tx, send: SendRow, evidence: ReviewEvidence, now: Date): Promise<boolean> {
  const reason = `nonce ${evidence.nonce} of ${send.fromAddress} was used, and none of its ${evidence.tx_hashes.length} transaction(s) has a receipt: needs review`;
  const [held] = await tx
    .update(chainSends)
    .set({ status: "needs_review", reviewEvidence: evidence, lastError: reason })
    .where(and(unchangedSince(send), inArray(chainSends.status, ["sent"])))
    .returning({ id: chainSends.id });
  if (!held) return false;
  await recordAudit(tx, {
    orgId: send.orgId,
    actorUid: null,
    action: "chain_send.needs_review",
    objectType: "chain_send",
    objectId: send.id,
    details: { message: reason, purpose: send.purpose, chain_id: send.chainId, from_address: send.fromAddress, to_address: send.toAddress, amount: send.amount, payment_intent_id: send.paymentIntentId, ...evidence },
    now,
  });
  log.error({ send_id: send.id, chain: send.chainId, ...evidence }, "chain send needs review: its nonce was used and none of its transactions has a receipt");
  return true;
}

/** The ledger debits this send paid out (a withdrawal, a refund), credited back once. */
async function restoreLedger(tx: Tx, send: SendRow, now: Date): Promise<string> {
  const debits = await tx
    .select()
    .from(ledgerEntries)
    .where(
      send.purpose === "withdrawal"
        ? sql`${ledgerEntries.withdrawalId} IN (SELECT id FROM withdrawals WHERE send_id = ${send.id})`
        : send.purpose === "refund" && send.paymentIntentId
          ? and(eq(ledgerEntries.paymentIntentId, send.paymentIntentId), eq(ledgerEntries.kind, "payment_refund"))
          : sql`false`,
    );
  let restored = 0n;
  let decimals = 0;
  for (const entry of debits) {
    const units = -parseSignedUnits(entry.amount, entry.decimals);
    if (units <= 0n) continue;
    decimals = entry.decimals;
    await tx
      .insert(ledgerEntries)
      .values({
        orgId: entry.orgId,
        chainId: entry.chainId,
        tokenAddress: entry.tokenAddress,
        symbol: entry.symbol,
        decimals: entry.decimals,
        amount: formatUnits(units, entry.decimals),
        kind: "send_failed",
        paymentIntentId: entry.paymentIntentId,
        withdrawalId: entry.withdrawalId,
        reference: `send_failed:${send.id}:${entry.id}`,
        createdAt: now,
      })
      .onConflictDoNothing();
    restored += units;
  }
  return formatUnits(restored, decimals);
}

import "server-only";
// A send whose row fails a custody check (its binding MAC, or a stored transaction that is not
// its bound one signed by its sender) is taken out of the outbox: status `quarantined` with the
// reason in `binding_violation`, so no drainer or tracker picks it up again. Nothing is credited
// back: the row may be a forgery, or a real send someone altered whose first version may still be
// mined; an operator reads it on /chains and in the audit log and decides.
import { and, eq, inArray } from "drizzle-orm";
import type { SendRow } from "@/lib/studio/chain/adapter";
import { SendBindingViolation } from "@/lib/studio/chain/send-binding";
import { chainSends } from "@/lib/studio/db/chain-schema";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { unitOfWork } from "@/lib/studio/core/unit-of-work";
import { log } from "@/lib/observability/log";
import { metrics } from "@/lib/observability/metrics";

export const QUARANTINED = "quarantined";

/** Marks `send` quarantined (once), audits it, logs it at error level and counts it in /metrics. */
export async function quarantineSend(send: SendRow, reason: string, now: Date = new Date()): Promise<void> {
  const flagged = await unitOfWork(async (tx) => {
    const [row] = await tx
      .update(chainSends)
      .set({ status: QUARANTINED, bindingViolation: reason.slice(0, 500), quarantinedAt: now, leaseUntil: null })
      .where(and(eq(chainSends.id, send.id), inArray(chainSends.status, ["pending", "sent"])))
      .returning();
    if (!row) return undefined;
    await recordAudit(tx, {
      orgId: row.orgId,
      actorUid: null,
      action: "chain_send.quarantined",
      objectType: "chain_send",
      objectId: row.id,
      details: {
        reason,
        previous_status: send.status,
        purpose: row.purpose,
        chain_id: row.chainId,
        token_address: row.tokenAddress,
        to_address: row.toAddress,
        amount: row.amount,
        from_address: row.fromAddress,
        nonce: row.nonce,
        tx_hash: row.txHash,
        payment_intent_id: row.paymentIntentId,
      },
      now,
    });
    return row;
  });
  if (!flagged) return;
  metrics.chainSendsQuarantined.inc({ chain: flagged.chainId });
  log.error(
    { send_id: flagged.id, org_id: flagged.orgId, chain_id: flagged.chainId, purpose: flagged.purpose, to_address: flagged.toAddress, amount: flagged.amount, reason },
    "chain send quarantined: its row failed the custody check; nothing was signed or broadcast for it",
  );
}

/** What was about to happen to a send when its check failed, as its quarantine reason names it. */
export type GuardedStep = "broadcast" | "re-broadcast" | "replacement" | "start-up binding";

/**
 * Runs `work` (checks, then signing or broadcasting); a custody violation it raises quarantines
 * `send` and gives undefined instead of throwing, so one bad row never stops the others' rounds.
 */
export async function quarantineOnViolation<T>(send: SendRow, step: GuardedStep, now: Date, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof SendBindingViolation)) throw error;
    await quarantineSend(send, `${step} refused: ${error.message}`, now);
    return undefined;
  }
}

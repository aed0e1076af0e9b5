import "server-only";
// A confirmed transfer that a reorg deeper than the confirmation depth took back: the funds the
// service counted are no longer on the chain. Never silent: the record goes to review (its
// flag_payment row), what the ledger credited from the payment is taken back by a compensating
// entry, and the audit log and a webhook say why.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { balances, ledgerEntries } from "@/lib/studio/db/balances-schema";
import { chainDeposits } from "@/lib/studio/db/chain-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { formatUnits, parseSignedUnits, parseUnits } from "@/lib/studio/core/money";
import { paymentBalanceKey } from "@/lib/studio/balances/ledger";
import { receivedFacts } from "@/lib/studio/payment-intents/status";
import { queueNewsEvent } from "@/lib/studio/webhooks/outbox";
import { WORKFLOW_OWNERS } from "@/lib/studio/workflow/owners";
import { lockIntentByPayment, type AnyOwner, type Intent, type OwnerTable } from "@/lib/studio/workflow/owner";
import { SYSTEM_OPERATOR, transition } from "@/lib/studio/workflow/transition";

type DepositRow = typeof chainDeposits.$inferSelect;

export async function reverseVanishedDeposit(tx: Tx, deposit: DepositRow, confirmations: number, now: Date = new Date()): Promise<void> {
  const why = `transfer ${deposit.txHash} (log ${deposit.logIndex}) of ${deposit.amount} in block ${deposit.blockNumber} was confirmed at ${confirmations} blocks, then removed by a deeper reorg`;
  await tx.update(chainDeposits).set({ status: "reversed", note: why }).where(eq(chainDeposits.id, deposit.id));
  for (const owner of WORKFLOW_OWNERS) {
    const current = await lockIntentByPayment(tx, owner, deposit.paymentIntentId);
    if (!current) continue;
    await reverseOnRecord(tx, owner, current, deposit, why, now);
    return;
  }
}

async function reverseOnRecord(tx: Tx, owner: AnyOwner, current: Intent<OwnerTable>, deposit: DepositRow, why: string, now: Date) {
  const pi = current.paymentIntent;
  const units = parseUnits(deposit.amount, pi.decimals);
  const facts = receivedFacts(pi);
  const receivedUnits = facts.receivedUnits > units ? facts.receivedUnits - units : 0n;
  const received = formatUnits(receivedUnits, pi.decimals);
  const paymentChanges = { receivedCryptoAmount: received, aggregatedCryptoAmount: received };
  let after: Intent<OwnerTable> = current;
  if (owner.machine.canApply("flag_payment", current.row.status, { receivedUnits, dueUnits: facts.dueUnits })) {
    after = await transition(tx, owner, {
      current,
      action: "flag_payment",
      operatorUid: SYSTEM_OPERATOR,
      reason: `${why}; needs manual review`,
      payment: { receivedUnits, dueUnits: facts.dueUnits },
      paymentChanges,
      now,
    });
  } else {
    const [updated] = await tx.update(paymentIntents).set({ ...paymentChanges, updatedAt: now }).where(eq(paymentIntents.id, pi.id)).returning();
    after = { row: current.row, paymentIntent: updated ?? pi };
  }
  const compensated = await compensateLedger(tx, current, units, deposit, now);
  const details = {
    reason: why,
    chain_id: deposit.chainId,
    tx_hash: deposit.txHash,
    log_index: deposit.logIndex,
    block_number: deposit.blockNumber,
    amount: deposit.amount,
    from_status: current.row.status,
    to_status: after.row.status,
    ledger_compensation: compensated,
  };
  await recordAudit(tx, { orgId: pi.orgId, actorUid: null, action: `${owner.type}.payment_reversed`, objectType: owner.type, objectId: current.row.id, details, now });
  // No status to move to (already under review, or finished) is news, not a change: the
  // organization's endpoints hear of it, the callback_url does not (it would read as a second
  // `success`). A reversal that did move the status was announced by its transition.
  if (after.row.status === current.row.status) await queueNewsEvent(tx, owner, after, `${owner.type}.payment_reversed`, details, now);
}

/**
 * Takes back from the balance what the ledger credited from this payment, up to the vanished
 * amount; a balance already spent below that is taken to zero and the rest named in the audit
 * (the balance never goes negative). Returns the amount taken back ("0" when nothing was credited).
 */
async function compensateLedger(tx: Tx, current: Intent<OwnerTable>, units: bigint, deposit: DepositRow, now: Date): Promise<string> {
  const pi = current.paymentIntent;
  const key = paymentBalanceKey(pi);
  const [credited] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentIntentId, pi.id));
  const creditedUnits = parseSignedUnits(credited?.total ?? "0", pi.decimals);
  const [balance] = await tx
    .select({ amount: balances.amount })
    .from(balances)
    .where(and(eq(balances.orgId, key.orgId), eq(balances.chainId, key.chainId), eq(balances.tokenAddress, key.tokenAddress)))
    .for("update");
  const available = balance ? parseSignedUnits(balance.amount, pi.decimals) : 0n;
  const takeBack = [units, creditedUnits, available].reduce((least, value) => (value < least ? value : least));
  if (takeBack <= 0n) return "0";
  await tx.insert(ledgerEntries).values({
    ...key,
    amount: formatUnits(-takeBack, pi.decimals),
    kind: "reorg_reversal",
    paymentIntentId: pi.id,
    reference: `reorg_reversal:${deposit.chainId}:${deposit.txHash}:${deposit.logIndex}`,
    createdAt: now,
  });
  return formatUnits(takeBack, pi.decimals);
}

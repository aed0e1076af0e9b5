import "server-only";
// The one status-change function for every owner: compare-and-set on the owner's status, the
// nested payment status, exactly one status log row and, when the status changed, its webhook
// outbox rows (the callback_url's and the organization endpoints') and, for a person's verb, its
// audit row: all in the caller's transaction, so an event or an audit row exists exactly when its
// change did.
import type { AuditAction } from "@/lib/studio/audit/actions";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { type invoices } from "@/lib/studio/db/invoices-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { statusLogs } from "@/lib/studio/db/workflow-schema";
import { StudioError } from "@/lib/studio/core/errors";
import type { Principal } from "@/lib/studio/auth/principal";
import { receivedFacts, type PaymentFacts } from "@/lib/studio/payment-intents/status";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import { TransitionRefused } from "@/lib/studio/workflow/state-machine";
import { getIntentOrThrow, type AnyOwner, type Intent, type Owner, type OwnerTable } from "@/lib/studio/workflow/owner";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { queueStatusChange } from "@/lib/studio/webhooks/outbox";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { auditedName } from "@/lib/workflow/actions";

/** The operator uid of changes the service makes by itself (chain watcher, sweeper): not audited. */
export const SYSTEM_OPERATOR = "system";

/**
 * Where `action` leads from the record's status, or 409 naming the current status: 40901 when the
 * action was allowed in the status the record had when the request arrived and a concurrent change
 * that committed while it waited for the row lock took that away (a fresh read may show another
 * way forward), 40900 when the record was already in a status that does not allow it.
 */
export function assertTransition<T extends OwnerTable, Status extends string, Action extends string>(
  owner: Owner<T, Status, Action, unknown>,
  current: Intent<T>,
  action: Action,
  payment?: PaymentFacts,
): Status {
  const from = current.row.status as Status;
  try {
    return owner.machine.nextStatus(action, from, payment);
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
    const seen = current.seenBeforeLock;
    if (seen && owner.machine.canApply(action, seen.status as Status, receivedFacts(seen.paymentIntent))) {
      throw new StudioError(
        "lost_race",
        `The ${owner.machine.noun} changed from ${seen.status} to ${from} while this request waited for it; read it again before retrying`,
      );
    }
    const held = payment?.heldForCompliance ? "; its payment is held for compliance review (aml_hold): refund it instead" : "";
    throw new StudioError("invalid_state", `${error.message} (current status: ${from}${held})`);
  }
}

/**
 * The status rule of one verb as a check of its own, for studioRoute's `statusRule`: a request
 * whose body is refused learns first that the record is unknown (404) or that its status does
 * not allow the action at all (409), as the verb itself would have answered.
 */
export function actionAllowed<T extends OwnerTable, Status extends string, Action extends string>(
  owner: Owner<T, Status, Action, unknown>,
  action: Action,
) {
  return (principal: Principal, id: string): Promise<void> =>
    inTransaction(async (tx) => {
      const current = await getIntentOrThrow(tx, owner, principal.orgId, id);
      // The payment facts, as cancel's guard reads them (an invoice with funds cannot be cancelled).
      assertTransition(owner, current, action, receivedFacts(current.paymentIntent));
    });
}

export type TransitionInput<T extends OwnerTable, Action extends string> = {
  current: Intent<T>;
  action: Action;
  operatorUid: string;
  reason: string;
  payment?: PaymentFacts;
  /** Whether the funds held fall short of the amount due (decides refunded vs insufficient_refunded). */
  underpaid?: boolean;
  changes?: Partial<T["$inferInsert"]>;
  paymentChanges?: Partial<PaymentIntentRow>;
  now?: Date;
};

/** Moves a record along its state table; returns both rows as they now are. */
export async function transition<T extends OwnerTable, Status extends string, Action extends string>(
  tx: Tx,
  owner: Owner<T, Status, Action, unknown>,
  input: TransitionInput<T, Action>,
): Promise<Intent<T>> {
  const { row, paymentIntent } = input.current;
  const from = row.status as Status;
  const to = assertTransition(owner, input.current, input.action, input.payment);
  const now = input.now ?? new Date();
  // Both owner tables share the columns used here; drizzle cannot type an update of a union of tables.
  const table = owner.table as typeof invoices;
  const [updated] = await tx
    .update(table)
    .set({ ...(input.changes as object), status: to, updatedAt: now })
    .where(and(eq(table.id, row.id), eq(table.status, from)))
    .returning();
  if (!updated) {
    throw new StudioError("lost_race", `The ${owner.machine.noun} changed while this request ran; read it again and retry`);
  }
  const [updatedPayment] = await tx
    .update(paymentIntents)
    .set({
      ...input.paymentChanges,
      status: owner.machine.paymentStatus(to, { underpaid: input.underpaid ?? false, amlHold: input.payment?.heldForCompliance }),
      updatedAt: now,
    })
    .where(eq(paymentIntents.id, paymentIntent.id))
    .returning();
  const statusLogId = await writeStatusLog(tx, owner, { row: updated, from, to, operatorUid: input.operatorUid, reason: input.reason, now });
  // A person's verbs, as their declarations name them (`invoice.approved`, `payout.refunded`, ...).
  const audited = auditedName(owner.type, input.action);
  if (audited && input.operatorUid !== SYSTEM_OPERATOR) {
    await recordAudit(tx, {
      orgId: updated.orgId,
      actorUid: input.operatorUid,
      // auditedName reads the declarations AUDIT_ACTIONS lists these from.
      action: `${owner.type}.${audited}` as AuditAction,
      objectType: owner.type,
      objectId: updated.id,
      details: { from_status: from, to_status: to, reason: input.reason },
      now,
    });
  }
  const result = { row: updated, paymentIntent: updatedPayment ?? paymentIntent } as Intent<T>;
  // The outbox decides whether it is a change to announce (an edit that keeps the status, updating
  // an invoice awaiting approval, is not) and announces each change once.
  await queueStatusChange(tx, owner as AnyOwner, result as Intent<OwnerTable>, { from, to, statusLogId }, now);
  return result;
}

async function writeStatusLog(
  tx: Tx,
  owner: Owner<OwnerTable, string, string, unknown>,
  entry: { row: { id: string; orgId: number }; from: string; to: string; operatorUid: string; reason: string; now: Date },
): Promise<number> {
  const [written] = await tx
    .insert(statusLogs)
    .values({
      orgId: entry.row.orgId,
      ownerType: owner.type,
      ownerId: entry.row.id,
      fromStatus: entry.from,
      toStatus: entry.to,
      operatorUid: entry.operatorUid,
      reason: entry.reason,
      createdAt: entry.now,
    })
    .returning({ id: statusLogs.id });
  return written!.id;
}

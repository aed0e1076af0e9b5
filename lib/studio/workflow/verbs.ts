import "server-only";
// The verbs every owner shares (spec 4.1 and 4.2 name them alike): update, approve, reject and
// refund. Each is one transaction: lock, the owner's own checks, one transition.
import type { AuditAction } from "@/lib/studio/audit/actions";
import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { type invoices } from "@/lib/studio/db/invoices-schema";
import { statusLogs } from "@/lib/studio/db/workflow-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { formatUnits } from "@/lib/studio/core/money";
import { findChain } from "@/lib/studio/chain/registry";
import { requireAddressFor } from "@/lib/studio/chain/require-address";
import { planSend } from "@/lib/studio/chain/sends";
import { takeDepositAddress } from "@/lib/studio/payment-intents/deposit-address";
import { receivedFacts } from "@/lib/studio/payment-intents/status";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import type { ReviewedRecord } from "@/lib/studio/approvals/policies";
import { countApprovals, takeApprovalStep } from "@/lib/studio/approvals/approval-step";
import { approvalReason } from "@/lib/studio/approvals/schemas";
import { lockIntentOrThrow, type Intent, type Owner, type OwnerTable } from "@/lib/studio/workflow/owner";
import { assertTransition, transition } from "@/lib/studio/workflow/transition";
import type { RefundInput, RejectInput, ReviewAssignmentInput } from "@/lib/studio/workflow/schemas";
import { reviewAssignmentChanges, type ReviewAssignmentChanges } from "@/lib/studio/workflow/review-assignment";

// Any owner: each verb names the actions it takes, and the owner's machine says whether they apply.
type VerbOwner<T extends OwnerTable, R> = Owner<T, string, string, R>;

/**
 * Update (PUT): edits a record under review, or resubmits a rejected one. `changesFor` turns the
 * request into the owner's and the payment intent's changes, validating as it goes.
 */
export function updateIntent<T extends OwnerTable, R>(
  owner: VerbOwner<T, R>,
  input: {
    principal: Principal;
    id: string;
    changesFor: (current: Intent<T>) => { changes: Partial<T["$inferInsert"]>; paymentChanges: Partial<PaymentIntentRow> };
    /** The request's `reviewer` and `approve_time`. */
    assignment: ReviewAssignmentInput;
  },
): Promise<R> {
  const { principal, id } = input;
  return inTransaction(async (tx) => {
    const current = await lockIntentOrThrow(tx, owner, principal.orgId, id);
    // A record that cannot be edited says so (409) before its edit is validated.
    assertTransition(owner, current, "update");
    const { changes, paymentChanges } = input.changesFor(current);
    const assignment = await reviewAssignmentChanges(tx, principal.orgId, input.assignment);
    if (current.row.status !== "rejected" && Object.keys(changes).length + Object.keys(paymentChanges).length === 0) {
      // Nothing to change and nothing to resubmit: the record stays as it is, with no log row.
      if (Object.keys(assignment).length === 0) return owner.serialize(current.row, current.paymentIntent);
      // Only the assignment: what is under review is unchanged, so this is no new version (the
      // approvals collected stand, and whoever assigns does not become its maker).
      return owner.serialize(await assignReview(tx, owner, current, { principal, assignment }), current.paymentIntent);
    }
    const updated = await transition(tx, owner, {
      current,
      action: "update",
      operatorUid: principal.uid,
      reason: current.row.status === "rejected" ? "resubmitted" : "updated",
      changes: { ...changes, ...assignment },
      paymentChanges,
    });
    return owner.serialize(updated.row, updated.paymentIntent);
  });
}

async function assignReview<T extends OwnerTable>(
  tx: Tx,
  owner: VerbOwner<T, unknown>,
  current: Intent<T>,
  input: { principal: Principal; assignment: ReviewAssignmentChanges },
): Promise<T["$inferSelect"]> {
  // Both owner tables share the columns used here; drizzle cannot type an update of a union of tables.
  const table = owner.table as typeof invoices;
  const [assigned] = await tx.update(table).set(input.assignment).where(eq(table.id, current.row.id)).returning();
  await recordAudit(tx, {
    orgId: current.row.orgId,
    actorUid: input.principal.uid,
    // Only invoices and payouts are updated and approved (the owners' action declarations).
    action: `${owner.type}.review_assigned` as AuditAction,
    objectType: owner.type,
    objectId: current.row.id,
    details: {
      reviewer_uid: assigned!.reviewAssigneeUid,
      approve_time: assigned!.reviewDueAt?.toISOString() ?? null,
    },
  });
  return assigned as T["$inferSelect"];
}

/**
 * Approve: opens the payment window with a fresh deposit address. `prepare` adds the owner's own
 * checks and returns the payment deadline and any extra changes.
 */
export function approveIntent<T extends OwnerTable, R>(
  owner: VerbOwner<T, R>,
  input: {
    principal: Principal;
    id: string;
    now: Date;
    prepare: (current: Intent<T>) => { paymentDeadline: number; changes?: Partial<T["$inferInsert"]> };
    /** What the owner does in the same transaction once the last approval moved the record to approved. */
    onApproved?: (tx: Tx, approved: Intent<T>) => Promise<void>;
  },
): Promise<R> {
  const { principal, id, now } = input;
  return inTransaction(async (tx) => {
    // Read before the lock: an approval that commits while this request waits took the step it came for.
    const approvalsSeen = await countApprovals(tx, owner.type, id);
    const current = await lockIntentOrThrow(tx, owner, principal.orgId, id);
    // The status conflict (409) is reported before maker-checker, and must not burn an address index.
    assertTransition(owner, current, "approve");
    const record = reviewedRecord(owner, current);
    const { step, requirement } = await takeApprovalStep(tx, {
      subject: { ...record, creatorUid: current.row.creatorUid },
      noun: owner.machine.noun,
      principal,
      approvalsSeen,
      now,
    });
    if (step < requirement.required) {
      await recordIntermediateApproval(tx, owner, current, { principal, step, required: requirement.required, now });
      return owner.serialize(current.row, current.paymentIntent);
    }
    const { paymentDeadline, changes } = input.prepare(current);
    const address = await takeDepositAddress(tx, principal.orgId, current.paymentIntent.chainId);
    const approved = await transition(tx, owner, {
      current,
      action: "approve",
      operatorUid: principal.uid,
      reason: requirement.required > 1 ? `approved (${approvalReason(step, requirement.required)})` : "approved",
      changes: { approveTime: now, reviewer: principal.name, ...changes } as Partial<T["$inferInsert"]>,
      paymentChanges: { ...address, paymentDeadline },
      now,
    });
    await input.onApproved?.(tx, approved);
    return owner.serialize(approved.row, approved.paymentIntent);
  });
}

/** A record under review as the approval policy reads it. */
export function reviewedRecord(owner: { type: string }, current: Intent<OwnerTable>): ReviewedRecord {
  return {
    ownerType: owner.type as ReviewedRecord["ownerType"],
    id: current.row.id,
    orgId: current.row.orgId,
    status: current.row.status,
    updatedAt: current.row.updatedAt,
    amountUsd: current.paymentIntent.cryptoAmount,
    chainId: current.paymentIntent.chainId,
    token: current.paymentIntent.tokenSymbol,
  };
}

/**
 * An approval short of the policy's count: the status stays approval_pending, with one log row
 * ("approval 1 of 2") and one audit row.
 */
async function recordIntermediateApproval(
  tx: Tx,
  owner: Owner<OwnerTable, string, string, unknown>,
  current: Intent<OwnerTable>,
  input: { principal: Principal; step: number; required: number; now: Date },
) {
  const reason = approvalReason(input.step, input.required);
  await tx.insert(statusLogs).values({
    orgId: current.row.orgId,
    ownerType: owner.type,
    ownerId: current.row.id,
    fromStatus: current.row.status,
    toStatus: current.row.status,
    operatorUid: input.principal.uid,
    reason,
    createdAt: input.now,
  });
  await recordAudit(tx, {
    orgId: current.row.orgId,
    actorUid: input.principal.uid,
    // Only invoices and payouts are updated and approved (the owners' action declarations).
    action: `${owner.type}.approval_recorded` as AuditAction,
    objectType: owner.type,
    objectId: current.row.id,
    details: { step: input.step, required: input.required, reason },
    now: input.now,
  });
}

/** Reject: back to the creator side with a reason (kept in the log). */
export function rejectIntent<T extends OwnerTable, R>(
  owner: VerbOwner<T, R>,
  input: { principal: Principal; id: string; request: RejectInput; now?: Date },
): Promise<R> {
  const { principal, id, request } = input;
  return inTransaction(async (tx) => {
    const current = await lockIntentOrThrow(tx, owner, principal.orgId, id);
    const rejected = await transition(tx, owner, { current, action: "reject", now: input.now, operatorUid: principal.uid, reason: request.reason });
    return owner.serialize(rejected.row, rejected.paymentIntent);
  });
}

/**
 * Refund: everything received goes back to the address the reviewer names. Funds short of the
 * amount due make the payment `insufficient_refunded`, whatever status the owner had reached.
 */
export function refundIntent<T extends OwnerTable, R>(
  owner: VerbOwner<T, R>,
  input: { principal: Principal; id: string; request: RefundInput; now?: Date },
): Promise<R> {
  const { principal, id, request } = input;
  const now = input.now ?? new Date();
  return inTransaction(async (tx) => {
    const current = await lockIntentOrThrow(tx, owner, principal.orgId, id);
    assertTransition(owner, current, "refund");
    const pi = current.paymentIntent;
    const chain = findChain(pi.chainId);
    if (!chain) throw new Error(`${owner.machine.noun} ${id} is on unknown chain ${pi.chainId}`);
    requireAddressFor(pi.chainId, "refund_address", request.refund_address);
    const { receivedUnits, dueUnits } = receivedFacts(pi);
    const amount = formatUnits(receivedUnits, pi.decimals);
    const sender = owner.onRefund ? await owner.onRefund(tx, current, now) : "deposit_address";
    const refund = await planSend(tx, {
      orgId: pi.orgId,
      paymentIntentId: pi.id,
      sender,
      purpose: "refund",
      chain,
      tokenAddress: pi.tokenAddress,
      to: request.refund_address,
      amount,
      now,
    });
    const refunded = await transition(tx, owner, {
      current,
      action: "refund",
      now,
      operatorUid: principal.uid,
      reason: request.refund_reason,
      underpaid: receivedUnits < dueUnits,
      paymentChanges: {
        refundTxHash: refund.txHash,
        refundCryptoAmount: amount,
        refundAddress: request.refund_address,
        refundReason: request.refund_reason,
        refundAttachments: request.refund_attachments,
      },
    });
    return owner.serialize(refunded.row, refunded.paymentIntent);
  });
}

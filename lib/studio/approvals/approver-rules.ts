import "server-only";
// Who may take a record's next approval step: maker-checker, distinct approvers and org:manage on
// a tier's last step. The approve action refuses by these rules and the approver inbox lists by
// them, so the inbox shows exactly what approve would accept.
import { and, asc, eq, inArray, notLike } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { statusLogs } from "@/lib/studio/db/workflow-schema";
import { approvals } from "@/lib/studio/db/approvals-schema";
import { requirementsFor, type Requirement, type ReviewedRecord } from "@/lib/studio/approvals/policies";
import { APPROVAL_REASON_PATTERN } from "@/lib/studio/approvals/schemas";

type ApprovalRow = typeof approvals.$inferSelect;

/** What the rules read of one record under review. */
export type ReviewFacts = {
  /** Whoever created the record or shaped a version of it (each creation, edit or resubmission). */
  makers: ReadonlySet<string>;
  requirement: Requirement;
  /** The approvals of the version under review, in step order. */
  collected: ApprovalRow[];
};

export type Approver = { uid: string; permissions: readonly string[] };
export type ApprovalRefusal = "maker" | "already_approved" | "org_manage_required";

/** Why `approver` may not take the record's next step, or undefined when they may. */
export function approvalRefusal(facts: ReviewFacts, approver: Approver): ApprovalRefusal | undefined {
  if (facts.makers.has(approver.uid)) return "maker";
  if (facts.collected.some((approval) => approval.approverUid === approver.uid)) return "already_approved";
  const step = facts.collected.length + 1;
  const { required, orgManageRequired } = facts.requirement;
  if (step === required && orgManageRequired && !approver.permissions.includes("org:manage") && !facts.collected.some((approval) => approval.orgManage)) {
    return "org_manage_required";
  }
  return undefined;
}

export type ReviewSubject = ReviewedRecord & { creatorUid: string };

/** The facts of records of one kind and organization, by id: one record for approve, a page for the inbox. */
export async function reviewFactsOf(database: DbOrTx, records: readonly ReviewSubject[]): Promise<Map<string, ReviewFacts>> {
  const facts = new Map<string, ReviewFacts>();
  const first = records[0];
  if (!first) return facts;
  const ids = records.map((record) => record.id);
  // One after another: inside the approve action's transaction they share one connection.
  const shapers = await database
      .selectDistinct({ ownerId: statusLogs.ownerId, uid: statusLogs.operatorUid })
      .from(statusLogs)
      .where(
        and(
          eq(statusLogs.ownerType, first.ownerType),
          inArray(statusLogs.ownerId, ids),
          // Every log row into approval_pending is a creation, an edit or a resubmission...
          eq(statusLogs.toStatus, "approval_pending"),
          // ...but an intermediate approval's row (approval_pending to approval_pending) shaped nothing.
          notLike(statusLogs.reason, APPROVAL_REASON_PATTERN),
        ),
      );
  const collected = await database
    .select()
    .from(approvals)
    .where(and(eq(approvals.ownerType, first.ownerType), inArray(approvals.ownerId, ids)))
    .orderBy(asc(approvals.ownerId), asc(approvals.step));
  const requirements = await requirementsFor(database, records);
  records.forEach((record, index) => {
    const makers = new Set([record.creatorUid, ...shapers.filter((row) => row.ownerId === record.id).map((row) => row.uid)]);
    // An edit starts a new version: only the approvals of the version under review count.
    const ofVersion = collected.filter((approval) => approval.ownerId === record.id && approval.versionAt.getTime() === record.updatedAt.getTime());
    facts.set(record.id, { makers, requirement: requirements[index]!, collected: ofVersion });
  });
  return facts;
}

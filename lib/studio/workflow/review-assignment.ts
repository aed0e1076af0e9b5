import "server-only";
// The review's assignment (`reviewer`, `approve_time` on update): who should review a record and
// by when. It approves nothing and lifts no rule of the approve action; it decides whose inbox a
// record waits in.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { users } from "@/lib/studio/db/orgs-schema";
import { StudioError } from "@/lib/studio/core/errors";
import { INVOICE_ACTIONS } from "@/lib/workflow/actions";
import type { ReviewAssignmentInput } from "@/lib/studio/workflow/schemas";

export type ReviewAssignmentChanges = { reviewAssigneeUid?: string | null; reviewDueAt?: Date | null };

// Whoever reviews must be able to approve: the approve action's own permission.
const REVIEW_PERMISSION = INVOICE_ACTIONS.approve.permission;

export async function reviewAssignmentChanges(tx: Tx, orgId: number, request: ReviewAssignmentInput): Promise<ReviewAssignmentChanges> {
  const changes: ReviewAssignmentChanges = {};
  if (request.reviewer !== undefined) changes.reviewAssigneeUid = request.reviewer === null ? null : await reviewerUid(tx, orgId, request.reviewer);
  if (request.approve_time !== undefined) changes.reviewDueAt = request.approve_time === null ? null : new Date(request.approve_time);
  return changes;
}

/** A uid, or an e-mail in any case, of an enabled person of the organization who may approve. */
async function reviewerUid(tx: Tx, orgId: number, reviewer: string): Promise<string> {
  const [person] = await tx
    .select({ uid: users.uid, permissions: users.permissions, disabled: users.disabled })
    .from(users)
    .where(and(eq(users.orgId, orgId), sql`(${users.uid} = ${reviewer} OR lower(${users.email}) = lower(${reviewer}))`))
    .limit(1);
  const refusal = !person
    ? "is not a person in this organization (give their uid or e-mail)"
    : person.disabled
      ? "is disabled and cannot review"
      : !person.permissions.includes(REVIEW_PERMISSION)
        ? `does not hold ${REVIEW_PERMISSION}, so cannot review`
        : undefined;
  if (refusal) throw new StudioError("business_rule", `reviewer ${reviewer} ${refusal}`, [{ field: "reviewer", message: refusal }]);
  return person!.uid;
}

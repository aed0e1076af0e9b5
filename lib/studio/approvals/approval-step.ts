import "server-only";
// One approval of a record's next policy step, for every kind that collects approvals (invoices,
// payouts, withdrawal requests): the approver rules' refusals, the race with a concurrent
// approval, and the approval row. The caller holds the record's row lock.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { approvals } from "@/lib/studio/db/approvals-schema";
import { StudioError } from "@/lib/studio/core/errors";
import { approvalRefusal, reviewFactsOf, type ReviewSubject } from "@/lib/studio/approvals/approver-rules";
import type { Requirement } from "@/lib/studio/approvals/policies";

/** How many approvals the record has: read before the row lock, passed to `takeApprovalStep`. */
export async function countApprovals(tx: Tx, ownerType: string, ownerId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(approvals)
    .where(and(eq(approvals.ownerType, ownerType), eq(approvals.ownerId, ownerId)));
  return row?.count ?? 0;
}

/**
 * Records `principal`'s approval of the locked record's next step, or refuses it: 403/40302 for its
 * maker or a second approval by the same person, 409/40901 when an approval that committed while
 * this request waited for the lock took the step (`approvalsSeen`, counted before the lock),
 * 403/40300 when the tier's last step needs org:manage. `last` says the policy is now satisfied.
 */
export async function takeApprovalStep(
  tx: Tx,
  input: { subject: ReviewSubject; noun: string; principal: Principal; approvalsSeen: number; now: Date },
): Promise<{ step: number; requirement: Requirement; last: boolean }> {
  const { subject, noun, principal, now } = input;
  const facts = (await reviewFactsOf(tx, [subject])).get(subject.id)!;
  const { requirement, collected } = facts;
  const refusal = approvalRefusal(facts, principal);
  if (refusal === "maker") {
    throw new StudioError("maker_checker", `The user who created or edited ${article(noun)} ${noun} cannot approve it; another approver must`);
  }
  if ((await countApprovals(tx, subject.ownerType, subject.id)) !== input.approvalsSeen) {
    throw new StudioError("lost_race", `Another approval of this ${noun} was recorded while this request waited for it; read it again before retrying`);
  }
  if (refusal === "already_approved") {
    throw new StudioError("maker_checker", `You already approved this ${noun}; its policy needs ${requirement.required} distinct approvers`);
  }
  if (refusal === "org_manage_required") {
    throw new StudioError(
      "forbidden",
      `The last approval of this ${noun} must come from someone holding org:manage (its policy tier from ${requirement.tierFromUsd} USD requires one)`,
    );
  }
  const step = collected.length + 1;
  await tx.insert(approvals).values({
    orgId: principal.orgId,
    ownerType: subject.ownerType,
    ownerId: subject.id,
    versionAt: subject.updatedAt,
    step,
    approverUid: principal.uid,
    approverName: principal.name,
    orgManage: principal.permissions.includes("org:manage"),
    createdAt: now,
  });
  return { step, requirement, last: step >= requirement.required };
}

function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? "an" : "a";
}

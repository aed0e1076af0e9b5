import "server-only";
// Approval policies (issue 25): each change is a new version, so the version in force when a
// record entered review stays its policy however the organization's policy changes later.
import { and, asc, desc, eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { approvalPolicyVersions, approvals, type ApprovalTier } from "@/lib/studio/db/approvals-schema";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { fieldError } from "@/lib/studio/core/errors";
import {
  APPROVAL_RECORD_KINDS,
  defaultTiers,
  tierFor,
  tiersForScope,
  tierWithoutReview,
  type ApprovalPolicyRecord,
  type ApprovalPolicyUpdate,
  type ApprovalRecordKind,
  type ApprovalState,
} from "@/lib/studio/approvals/schemas";

type PolicyVersion = typeof approvalPolicyVersions.$inferSelect;

function serializePolicy(kind: ApprovalRecordKind, version: PolicyVersion | undefined): ApprovalPolicyRecord {
  return {
    record_kind: kind,
    tiers: version ? version.tiers : [...defaultTiers(kind)],
    rules: version?.rules ?? [],
    updated_by: version?.createdBy ?? null,
    updated_at: version?.createdAt.toISOString() ?? null,
  };
}

/** The newest version of `kind`'s policy. */
async function versionInForce(database: DbOrTx, orgId: number, kind: string): Promise<PolicyVersion | undefined> {
  const [version] = await database
    .select()
    .from(approvalPolicyVersions)
    .where(
      and(eq(approvalPolicyVersions.orgId, orgId), eq(approvalPolicyVersions.recordKind, kind)),
    )
    .orderBy(desc(approvalPolicyVersions.createdAt), desc(approvalPolicyVersions.id))
    .limit(1);
  return version;
}

// GET /approval_policies: every record kind's policy in force now.
export async function listApprovalPolicies(input: { principal: Principal }): Promise<ApprovalPolicyRecord[]> {
  const database = await db();
  const policies: ApprovalPolicyRecord[] = [];
  for (const kind of APPROVAL_RECORD_KINDS) policies.push(serializePolicy(kind, await versionInForce(database, input.principal.orgId, kind)));
  return policies;
}

// PUT /approval_policies/{kind}: a new version, in force for records entering review from now on.
export function setApprovalPolicy(input: { principal: Principal; kind: ApprovalRecordKind; request: ApprovalPolicyUpdate; now?: Date }) {
  const now = input.now ?? new Date();
  const tierSets = [{ path: "tiers", tiers: input.request.tiers }, ...input.request.rules.map((rule, index) => ({ path: `rules.${index}.tiers`, tiers: rule.tiers }))];
  for (const { path, tiers } of tierSets) {
    const unreviewed = tierWithoutReview(input.kind, tiers);
    if (unreviewed !== undefined) {
      throw fieldError(`${path}.${unreviewed}.approvers`, `must be at least 1: every ${input.kind} is reviewed (only withdrawal tiers may need no approver)`);
    }
  }
  return inTransaction(async (tx) => {
    const [version] = await tx
      .insert(approvalPolicyVersions)
      .values({ orgId: input.principal.orgId, recordKind: input.kind, tiers: input.request.tiers, rules: input.request.rules, createdBy: input.principal.uid, createdAt: now })
      .returning();
    await recordAudit(tx, {
      orgId: input.principal.orgId,
      actorUid: input.principal.uid,
      action: "approval_policy.updated",
      objectType: "approval_policy",
      objectId: input.kind,
      details: { tiers: input.request.tiers, rules: input.request.rules },
      now,
    });
    return serializePolicy(input.kind, version);
  });
}

/** The statuses in which a record collects approvals: an invoice's or payout's, a withdrawal request's. */
export const UNDER_REVIEW: ReadonlySet<string> = new Set(["approval_pending", "awaiting_approval"]);

/** A record under review as the approval rules read it. */
export type ReviewedRecord = {
  ownerType: ApprovalRecordKind;
  id: string;
  orgId: number;
  status: string;
  /** When the version under review began: its creation, last edit or resubmission. */
  updatedAt: Date;
  /** Its USD equivalent: both tokens are USD stablecoins, so the amount due in tokens. */
  amountUsd: string;
  /** Where its funds move: a policy's rules may be scoped to them. */
  chainId: string;
  token: string;
};

export type Requirement = { required: number; orgManageRequired: boolean; tierFromUsd: string; rule: { chain_id: string | null; token: string | null } | null };

/** What the policy in force when the record entered review asks of it. */
export async function requirementFor(database: DbOrTx, record: ReviewedRecord): Promise<Requirement> {
  return (await requirementsFor(database, [record]))[0]!;
}

/** What each record's policy asks of it, for records of one kind and organization (in their order). */
export async function requirementsFor(database: DbOrTx, records: readonly ReviewedRecord[]): Promise<Requirement[]> {
  const first = records[0];
  if (!first) return [];
  // Newest first: a record's policy is the first version created no later than it entered review.
  const versions = await database
    .select()
    .from(approvalPolicyVersions)
    .where(and(eq(approvalPolicyVersions.orgId, first.orgId), eq(approvalPolicyVersions.recordKind, first.ownerType)))
    .orderBy(desc(approvalPolicyVersions.createdAt), desc(approvalPolicyVersions.id));
  return records.map((record) => {
    const version = versions.find((candidate) => candidate.createdAt.getTime() <= record.updatedAt.getTime());
    const { tiers, rule } = tiersForScope(
      { tiers: version?.tiers ?? defaultTiers(record.ownerType), rules: version?.rules ?? [] },
      { chainId: record.chainId, token: record.token },
    );
    const tier: ApprovalTier = tierFor(tiers, record.amountUsd);
    return { required: tier.approvers, orgManageRequired: tier.org_manage, tierFromUsd: tier.from_usd, rule };
  });
}

/** The approvals collected for the version under review, in step order. */
export function collectedApprovals(database: DbOrTx, record: ReviewedRecord) {
  return database
    .select()
    .from(approvals)
    .where(and(eq(approvals.ownerType, record.ownerType), eq(approvals.ownerId, record.id), eq(approvals.versionAt, record.updatedAt)))
    .orderBy(asc(approvals.step));
}

/** GET /{owner}/intent/{id}/approvals: the policy step a record is on and who approved so far. */
export async function approvalState(database: DbOrTx, record: ReviewedRecord): Promise<ApprovalState> {
  const requirement = await requirementFor(database, record);
  const underReview = UNDER_REVIEW.has(record.status);
  const collected = underReview ? await collectedApprovals(database, record) : [];
  return {
    required: requirement.required,
    org_manage_required: requirement.orgManageRequired,
    tier_from_usd: requirement.tierFromUsd,
    rule: requirement.rule,
    approvals: collected.map((approval) => ({
      step: approval.step,
      approver_uid: approval.approverUid,
      approver_name: approval.approverName,
      org_manage: approval.orgManage,
      created_at: approval.createdAt.toISOString(),
    })),
    next_step: underReview ? collected.length + 1 : null,
  };
}

import "server-only";
// Approval policies and the approvals collected under them (issue 25).
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations } from "@/lib/studio/db/orgs-schema";

/** One tier of a policy: from this USD equivalent on, `approvers` distinct people must approve. */
export type ApprovalTier = { from_usd: string; approvers: number; org_manage: boolean };
/** Tiers for one chain, one token, or one token on one chain (null: any). */
export type ApprovalRule = { chain_id: string | null; token: string | null; tiers: ApprovalTier[] };

/**
 * Every version of every policy, never updated: the policy in force for a record is the newest
 * version created no later than the record entered review (its last creation, edit or
 * resubmission), so a later change does not move records already under review.
 */
export const approvalPolicyVersions = pgTable(
  "approval_policy_versions",
  {
    id: serial("id").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    recordKind: text("record_kind").notNull(),
    tiers: jsonb("tiers").$type<ApprovalTier[]>().notNull(),
    rules: jsonb("rules").$type<ApprovalRule[]>().notNull().default([]),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("approval_policy_versions_org_kind_idx").on(t.orgId, t.recordKind, t.createdAt)],
);

/**
 * One approval of one version of a record under review (`version_at`: the record's updated_at when
 * it entered review). An edit starts a new version, so the approvals of the old one no longer
 * count; each step and each person appear at most once per version.
 */
export const approvals = pgTable(
  "approvals",
  {
    id: serial("id").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    ownerType: text("owner_type").notNull(),
    ownerId: text("owner_id").notNull(),
    versionAt: timestamp("version_at", { withTimezone: true, precision: 3 }).notNull(),
    step: integer("step").notNull(),
    approverUid: text("approver_uid").notNull(),
    approverName: text("approver_name").notNull(),
    orgManage: boolean("org_manage").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("approvals_version_step_idx").on(t.ownerType, t.ownerId, t.versionAt, t.step),
    uniqueIndex("approvals_version_approver_idx").on(t.ownerType, t.ownerId, t.versionAt, t.approverUid),
  ],
);

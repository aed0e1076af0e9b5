// Approval policies (issue 25): the request and record shapes, shared by the API and the console's
// Settings form.
import { z } from "zod";
import { isPlainDecimal } from "@/lib/studio/core/money";
import { chainId, decimalString } from "@/lib/studio/core/validation";
import { findChain, TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { queryInteger } from "@/lib/studio/core/paging";

/** The record kinds a policy governs. */
export const APPROVAL_RECORD_KINDS = ["invoice", "payout", "withdrawal"] as const;
export type ApprovalRecordKind = (typeof APPROVAL_RECORD_KINDS)[number];

export const MAX_APPROVERS = 5;

export const approvalTierSchema = z.object({
  from_usd: decimalString.meta({ description: "The tier applies from this USD equivalent on (the first tier from 0)", example: "1000" }),
  approvers: z
    .number()
    .int()
    .min(0)
    .max(MAX_APPROVERS)
    .meta({ description: "How many distinct people must approve; 0 (withdrawals only): none, the withdrawal is sent at once" }),
  org_manage: z.boolean().default(false).meta({ description: "One of the approvers must hold org:manage" }),
});

/** The tiers, ascending by `from_usd`, the first from 0: every amount falls in exactly one. */
const tiersSchema = z
  .array(approvalTierSchema)
  .min(1)
  .max(10)
  .superRefine((tiers, context) => {
    // A malformed from_usd is already reported by the tier's own schema.
    if (!tiers.every((tier) => isPlainDecimal(tier.from_usd))) return;
    if (tiers[0] && compareDecimal(tiers[0].from_usd, "0") !== 0) {
      context.addIssue({ code: "custom", path: [0, "from_usd"], message: "the first tier must start from 0" });
    }
    for (let index = 1; index < tiers.length; index++) {
      if (!(compareDecimal(tiers[index]!.from_usd, tiers[index - 1]!.from_usd) > 0)) {
        context.addIssue({ code: "custom", path: [index, "from_usd"], message: "tiers must be in ascending order of from_usd" });
      }
    }
  });

export const MAX_RULES = 20;

/** Tiers for the records of one chain, one token, or one token on one chain. */
export const approvalRuleSchema = z
  .object({
    chain_id: chainId.nullable().default(null).meta({ description: "The chain it applies to; null or absent: any chain", example: "arb" }),
    token: z.enum(TOKEN_SYMBOLS).nullable().default(null).meta({ description: "The token it applies to; null or absent: any token", example: "USDT" }),
    tiers: tiersSchema,
  })
  .superRefine((rule, context) => {
    if (rule.chain_id === null && rule.token === null) {
      context.addIssue({ code: "custom", path: ["chain_id"], message: "a rule names a chain_id, a token or both (the policy's own tiers cover everything else)" });
    } else if (rule.chain_id !== null && !findChain(rule.chain_id)) {
      context.addIssue({ code: "custom", path: ["chain_id"], message: `${rule.chain_id} is not a supported chain` });
    }
  });

export const approvalPolicyUpdateSchema = z.object({
  tiers: tiersSchema,
  rules: z
    .array(approvalRuleSchema)
    .max(MAX_RULES)
    .default([])
    .superRefine((rules, context) => {
      const seen = new Set<string>();
      rules.forEach((rule, index) => {
        const scope = `${rule.chain_id ?? ""}/${rule.token ?? ""}`;
        if (seen.has(scope)) context.addIssue({ code: "custom", path: [index, "chain_id"], message: "another rule has the same chain_id and token" });
        seen.add(scope);
      });
    })
    .meta({
      description:
        "Tiers scoped to a chain and/or a token. The most specific rule that matches a record wins: chain and token, then chain alone, " +
        "then token alone; a record no rule matches takes `tiers`. PUT replaces the rules with these (absent: none).",
    }),
});
export type ApprovalPolicyUpdate = z.infer<typeof approvalPolicyUpdateSchema>;

// A record always says whether a tier needs org:manage: the request's default is filled in.
const approvalTierRecordSchema = approvalTierSchema.extend({ org_manage: z.boolean().meta({ description: "One of the approvers must hold org:manage" }) });

export const approvalRuleRecordSchema = z.object({ chain_id: z.string().nullable(), token: z.string().nullable(), tiers: z.array(approvalTierRecordSchema) });

export const approvalPolicyRecordSchema = z.object({
  record_kind: z.enum(APPROVAL_RECORD_KINDS),
  tiers: z.array(approvalTierRecordSchema),
  rules: z.array(approvalRuleRecordSchema),
  /** Null while the organization has not set one: the default, one approver for any amount. */
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ApprovalPolicyRecord = z.infer<typeof approvalPolicyRecordSchema>;

export const approvalRecordSchema = z.object({
  step: z.number().int(),
  approver_uid: z.string(),
  approver_name: z.string(),
  org_manage: z.boolean(),
  created_at: z.string(),
});

/** Where a record stands against the policy in force for the version under review. */
export const approvalStateSchema = z.object({
  required: z.number().int(),
  org_manage_required: z.boolean(),
  tier_from_usd: z.string(),
  rule: z
    .object({ chain_id: z.string().nullable(), token: z.string().nullable() })
    .nullable()
    .meta({ description: "The scoped rule whose tiers apply to the record; null: the policy's own tiers" }),
  /** The approvals of the version under review, in order. */
  approvals: z.array(approvalRecordSchema),
  /** The step the next approval takes ("2 of 2"); null once the record left review. */
  next_step: z.number().int().nullable(),
});
export type ApprovalState = z.infer<typeof approvalStateSchema>;

/** Compares two non-negative decimal strings exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [aWhole = "0", aFraction = ""] = a.split(".");
  const [bWhole = "0", bFraction = ""] = b.split(".");
  const width = Math.max(aFraction.length, bFraction.length);
  const left = BigInt(aWhole + aFraction.padEnd(width, "0"));
  const right = BigInt(bWhole + bFraction.padEnd(width, "0"));
  return left === right ? 0 : left > right ? 1 : -1;
}

/** Today's behaviour: one approver for any amount. */
export const DEFAULT_TIERS = [{ from_usd: "0", approvers: 1, org_manage: false }] as const satisfies z.infer<typeof approvalTierSchema>[];
/** A withdrawal is sent at once unless its policy names a tier that needs approvers. */
export const DEFAULT_WITHDRAWAL_TIERS = [{ from_usd: "0", approvers: 0, org_manage: false }] as const satisfies z.infer<typeof approvalTierSchema>[];

/** The tiers a kind has while the organization has set none. */
export function defaultTiers(kind: ApprovalRecordKind) {
  return kind === "withdrawal" ? DEFAULT_WITHDRAWAL_TIERS : DEFAULT_TIERS;
}

/**
 * Invoices and payouts always have a review step (at least one approver); only a withdrawal, which
 * otherwise goes out at once, may have tiers that need nobody. The tier that breaks it, or undefined.
 */
export function tierWithoutReview(kind: ApprovalRecordKind, tiers: readonly { approvers: number }[]): number | undefined {
  if (kind === "withdrawal") return undefined;
  const index = tiers.findIndex((tier) => tier.approvers < 1);
  return index < 0 ? undefined : index;
}

type Scoped<T> = { chain_id: string | null; token: string | null; tiers: readonly T[] };

/**
 * The tiers for a record on `chainId` in `token`: the most specific matching rule's (chain and
 * token, then chain, then token), else the policy's own, with the rule that gave them.
 */
export function tiersForScope<T>(
  policy: { tiers: readonly T[]; rules: readonly Scoped<T>[] },
  scope: { chainId: string; token: string },
): { tiers: readonly T[]; rule: { chain_id: string | null; token: string | null } | null } {
  const rank = (rule: Scoped<T>) => (rule.chain_id !== null ? 2 : 0) + (rule.token !== null ? 1 : 0);
  let best: Scoped<T> | undefined;
  for (const rule of policy.rules) {
    if ((rule.chain_id !== null && rule.chain_id !== scope.chainId) || (rule.token !== null && rule.token !== scope.token)) continue;
    if (!best || rank(rule) > rank(best)) best = rule;
  }
  return best ? { tiers: best.tiers, rule: { chain_id: best.chain_id, token: best.token } } : { tiers: policy.tiers, rule: null };
}

/** The tier `amountUsd` falls in. */
export function tierFor<T extends { from_usd: string }>(tiers: readonly T[], amountUsd: string): T {
  let found = tiers[0]!;
  for (const tier of tiers) if (compareDecimal(amountUsd, tier.from_usd) >= 0) found = tier;
  return found;
}

/** The reason of an intermediate approval's log row, and a SQL LIKE pattern matching every one. */
export const APPROVAL_REASON_PATTERN = "approval % of %";
export function approvalReason(step: number, required: number): string {
  return `approval ${policyStep(step, required)}`;
}

/** A policy step as people read it: "1 of 2". */
export function policyStep(step: number, required: number): string {
  return `${step} of ${required}`;
}

/** One record waiting for the caller's approval (GET /inbox). */
export const inboxRowSchema = z.object({
  kind: z.enum(APPROVAL_RECORD_KINDS),
  id: z.string(),
  number: z.string().meta({ description: "The invoice or payout number; a withdrawal's id", example: "INV-2026-000042" }),
  amount: z.string().meta({ description: "The amount due in the token, a decimal string", example: "125.5" }),
  token: z.string().meta({ example: "USDC" }),
  chain: z.string().meta({ example: "arb" }),
  decimals: z.number().int().meta({ description: "The token's decimals: sums of `amount` are exact in these units" }),
  recipient_name: z.string().meta({ description: "Who is paid: a withdrawal's wallet address" }),
  recipient_email: z.string().nullable().meta({ description: "Null for a withdrawal" }),
  step: z.number().int().meta({ description: "The policy step the caller's approval would take" }),
  required: z.number().int().meta({ description: "How many distinct approvals the record's policy tier needs" }),
  policy_step: z.string().meta({ example: "1 of 2" }),
  assigned_reviewer: z.object({ uid: z.string(), name: z.string() }).nullable(),
  review_due_at: z.string().nullable().meta({ description: "When the review is due (the update request's approve_time)" }),
  waiting_since: z.string().meta({ description: "When the version under review began: its creation, last edit or resubmission" }),
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

/** The most rows one inbox answer carries; `count` still counts every one. */
export const INBOX_ROWS = 500;

/** `limit=0` answers the count alone: what the console's nav shows beside "Inbox" on every page. */
export const inboxQuerySchema = z.object({
  limit: queryInteger(INBOX_ROWS, INBOX_ROWS, 0).meta({ description: `How many of the waiting records \`rows\` holds, 0 to ${INBOX_ROWS} (default ${INBOX_ROWS}); \`count\` always counts them all` }),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxSchema = z.object({
  count: z.number().int().meta({ description: "How many records wait for the caller (all of them, beyond `rows`)" }),
  rows: z.array(inboxRowSchema),
});
export type Inbox = z.infer<typeof inboxSchema>;

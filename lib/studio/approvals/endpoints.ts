import "server-only";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { approvalPolicyRecordSchema, approvalPolicyUpdateSchema, approvalStateSchema, inboxQuerySchema, inboxSchema } from "@/lib/studio/approvals/schemas";
import { z } from "zod";

const policy = named("ApprovalPolicy", approvalPolicyRecordSchema);
named("ApprovalPolicyUpdateRequest", approvalPolicyUpdateSchema);
const state = named("ApprovalState", approvalStateSchema);
const inbox = named("ApproverInbox", inboxSchema);

const tag = "Approvals";
const kindParameter = { description: "The record kind the policy governs: invoice, payout or withdrawal", example: "invoice" };

export const approvalEndpoints = [
  endpoint({
    method: "get", path: "/approval_policies", tag, summary: "The approval policy in force for each record kind",
    description: "Without a policy set, a kind has the default: one approver for any amount.",
    permission: "transfer:read", response: z.array(policy), extension: true,
  }),
  endpoint({
    method: "put", path: "/approval_policies/{id}", tag, summary: "Set a record kind's approval tiers",
    description:
      "Tiers by USD equivalent, ascending, the first from 0: each says how many distinct approvers it needs and whether one must hold org:manage. " +
      "Records already under review keep the policy in force when they entered review (created, edited or resubmitted). " +
      "Withdrawal tiers may need 0 approvers (the default: every withdrawal is sent at once); from the first tier that needs one, " +
      "a withdrawal is a request that waits for its approvals. Invoice and payout tiers need at least one (400 naming the tier).",
    permission: "org:manage", pathId: kindParameter,
    body: { schema: approvalPolicyUpdateSchema, example: { tiers: [{ from_usd: "0", approvers: 1 }, { from_usd: "1000", approvers: 2 }, { from_usd: "50000", approvers: 2, org_manage: true }] } },
    response: policy, refusals: { notFound: true }, extension: true,
  }),
  endpoint({
    method: "get", path: "/invoice/intent/{id}/approvals", tag, summary: "An invoice's approval step and the approvals of the version under review",
    permission: "transfer:read", response: state, extension: true,
  }),
  endpoint({
    method: "get", path: "/payout/intent/{id}/approvals", tag, summary: "A payout's approval step and the approvals of the version under review",
    permission: "transfer:read", response: state, extension: true,
  }),
  endpoint({
    method: "get", path: "/inbox", tag, summary: "The invoices, payouts and withdrawal requests waiting for the caller's approval",
    description:
      "Each record whose next approval step the caller may take (the approve action's rules: not its maker, not already approved by them, " +
      "org:manage where the last step of its tier needs it), unless its review is assigned to someone else who still can take that step. " +
      "Sorted by `review_due_at` (records without one last), then by how long they have waited. `count` counts them all; `rows` holds the first `limit` (500 by default; `limit=0` for the count alone). " +
      "A withdrawal request is never assigned: its `number` is its id, its `recipient_name` the wallet address and its `recipient_email` null.",
    permission: "transfer:approve", query: inboxQuerySchema, response: inbox, extension: true,
  }),
];

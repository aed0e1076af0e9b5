import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { approvalPolicyRecordSchema, approvalPolicyUpdateSchema, approvalStateSchema } from "@/lib/studio/approvals/schemas";
import { z } from "zod";

const policy = named("ApprovalPolicy", approvalPolicyRecordSchema);
named("ApprovalPolicyUpdateRequest", approvalPolicyUpdateSchema);
const state = named("ApprovalState", approvalStateSchema);

const tag = "Approvals";
const kindParameter = { description: "The record kind the policy governs: invoice or payout", example: "invoice" };

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
      "Records already under review keep the policy in force when they entered review (created, edited or resubmitted).",
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
];

import "server-only";
import { z } from "zod";
import { actionEndpoint, endpoint, named } from "@/lib/studio/openapi/endpoint";
import { pagingQuerySchema } from "@/lib/studio/core/paging";
import { approvalStateSchema } from "@/lib/studio/approvals/schemas";
import { withdrawalSchema } from "@/lib/studio/withdrawals/schemas";
import { transferRecordSchema } from "@/lib/studio/withdrawals/serialize";
import { WITHDRAWAL_ACTIONS } from "@/lib/workflow/actions";

const transfer = named("Transfer", transferRecordSchema);
named("WithdrawalRequest", withdrawalSchema);

const tag = "Withdrawals";

export const withdrawalEndpoints = [
  endpoint({
    method: "post", path: "/asset_pro/transfer", tag, summary: "Withdraw tokens from the balance to an external wallet", permission: "transfer:sign",
    description:
      "Sent at once, unless the organization's withdrawal approval policy (PUT /approval_policies/withdrawal) has a tier for the amount " +
      "that needs approvers: then it is a request (`status` awaiting_approval, `tx_hash` null, nothing debited) that its last approval " +
      "sends. A request the balance could not pay now is refused (422) either way.",
    body: { schema: withdrawalSchema, example: { chain_id: "arb", contract_address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", amount: "50", wallet_address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72" } },
    response: transfer, refusals: { businessRule: true },
  }),
  endpoint({ method: "get", path: "/asset_pro/transfer/{id}", tag, summary: "Get a withdrawal", permission: "transfer:read", response: transfer, extension: true }),
  endpoint({
    method: "get", path: "/asset_pro/transfers", tag, summary: "The organization's withdrawals, newest first", permission: "transfer:read",
    query: pagingQuerySchema, response: transfer, list: { counts: z.object({}).meta({ description: "Empty: withdrawals have no groups" }) }, extension: true,
  }),
  actionEndpoint(WITHDRAWAL_ACTIONS.approve, {
    method: "post", path: "/asset_pro/transfer/{id}/approve", tag, response: transfer, refusals: { conflict: true, businessRule: true }, extension: true,
  }),
  actionEndpoint(WITHDRAWAL_ACTIONS.reject, {
    method: "post", path: "/asset_pro/transfer/{id}/reject", tag, example: { reason: "Unknown wallet" }, response: transfer, refusals: { conflict: true }, extension: true,
  }),
  endpoint({
    method: "get", path: "/asset_pro/transfer/{id}/approvals", tag, summary: "A withdrawal request's approval step and its approvals so far",
    permission: "transfer:read", response: approvalStateSchema, extension: true,
  }),
];

import "server-only";
import { z } from "zod";
import { actionEndpoint, endpoint, named } from "@/lib/studio/openapi/endpoint";
import { PAYOUT_ACTIONS } from "@/lib/workflow/actions";
import { statusCategoryCounts } from "@/lib/studio/openapi/counts";
import { payoutCreateSchema, payoutListQuerySchema, payoutUpdateSchema } from "@/lib/studio/payouts/schemas";
import { payoutRecordSchema } from "@/lib/studio/payouts/serialize";
import { statusLogRecordSchema } from "@/lib/studio/workflow/serialize";

const payout = named("PayoutIntent", payoutRecordSchema);
named("PayoutCreateRequest", payoutCreateSchema);
named("PayoutUpdateRequest", payoutUpdateSchema);
const payoutLog = named("PayoutLog", statusLogRecordSchema("payout_id"));

const tag = "Payouts";

export const payoutEndpoints = [
  endpoint({
    method: "post", path: "/payout/intent", tag, summary: "Create a payout intent", permission: "transfer:create", clientId: true,
    body: {
      schema: payoutCreateSchema,
      example: {
        pricing_mode: "crypto", amount: "100", exact_out_amount: "99", pay_token: "USDC", chain: "arb", origin: "https://merchant.example",
        payout_target_address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", recipient_name: "Grace Hopper", recipient_email: "grace@vendor.example",
        organization_name: "Compilers Inc", organization_email: "ap@vendor.example", creator: "payouts-service",
      },
    },
    response: payout, refusals: { businessRule: true },
  }),
  endpoint({ method: "get", path: "/payout/intent/{id}", tag, summary: "Get a payout intent", permission: "transfer:read", response: payout }),
  actionEndpoint(PAYOUT_ACTIONS.edit, {
    method: "put", path: "/payout/intent/{id}", tag, example: { exact_out_amount: "98.5" }, response: payout, refusals: { conflict: true, businessRule: true },
  }),
  actionEndpoint(PAYOUT_ACTIONS.approve, { method: "post", path: "/payout/intent/{id}/approve", tag, response: payout, refusals: { businessRule: true } }),
  actionEndpoint(PAYOUT_ACTIONS.reject, { method: "post", path: "/payout/intent/{id}/reject", tag, example: { reason: "Duplicate" }, response: payout }),
  actionEndpoint(PAYOUT_ACTIONS.refund, {
    method: "post", path: "/payout/intent/{id}/refund", tag,
    example: { refund_address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", refund_reason: "Underfunded", refund_attachments: [] },
    response: payout, refusals: { businessRule: true },
  }),
  endpoint({
    method: "get", path: "/payout/intents", tag, summary: "List payout intents", permission: "transfer:read",
    query: payoutListQuerySchema, response: payout, list: { counts: statusCategoryCounts, cursor: true },
  }),
  endpoint({
    method: "get", path: "/payout/intent/{id}/logs", tag, summary: "A payout's status history, oldest first", permission: "transfer:read",
    response: z.array(payoutLog), extension: true,
  }),
];

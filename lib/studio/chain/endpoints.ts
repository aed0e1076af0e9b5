import "server-only";
import { z } from "zod";
import { actionEndpoint, endpoint, named } from "@/lib/studio/openapi/endpoint";
import { chainStatusSchema } from "@/lib/studio/chain/list-chains";
import { chainSendSchema } from "@/lib/studio/chain/send-review";
import { CHAIN_SEND_ACTIONS } from "@/lib/workflow/actions";
import { unmatchedDepositSchema } from "@/lib/studio/chain/evm/unmatched-deposits";

const chainStatus = named("ChainStatus", chainStatusSchema);
const unmatchedDeposit = named("UnmatchedDeposit", unmatchedDepositSchema);
const chainSend = named("ChainSend", chainSendSchema);

export const chainEndpoints = [
  endpoint({
    method: "get", path: "/chains", tag: "Chains", permission: "transfer:read",
    summary: "Each chain as this server reaches it: node, scanner, treasury and gas tank, chain balances beside the ledger's",
    response: z.array(chainStatus), extension: true,
  }),
  endpoint({
    method: "get", path: "/chains/unmatched-deposits", tag: "Chains", permission: "transfer:read",
    summary: "Transfers at depth to the organization's deposit addresses that paid nothing, for an operator to return",
    description:
      "A transfer of a configured token that reaches a deposit address but does not pay its record (another token than the payment's, a record that takes no funds any more, an address without an HD index) is set aside once, at its confirmation depth, with an audit row (`<record>.unmatched_deposit`) and a webhook of that type. Newest first, at most 500. A set-aside transfer that a reorg deeper than the depth removes leaves the list.",
    response: z.array(unmatchedDeposit), extension: true,
  }),
  actionEndpoint(CHAIN_SEND_ACTIONS.resolve, {
    method: "post", path: "/chain_sends/{id}/resolve", tag: "Chains", response: chainSend, extension: true,
    pathId: { description: "The chain send's id (GET /chains lists those held for review)", example: "send_5f2a9c0d1e3b4a67" },
    example: { outcome: "sent", tx_hash: "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060" },
    refusals: { conflict: true, businessRule: true },
  }),
];

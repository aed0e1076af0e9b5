import { z } from "zod";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { chainStatusSchema } from "@/lib/studio/chain/list-chains";

const chainStatus = named("ChainStatus", chainStatusSchema);

export const chainEndpoints = [
  endpoint({
    method: "get", path: "/chains", tag: "Chains", permission: "transfer:read",
    summary: "Each chain as this server reaches it: node, scanner, treasury and gas tank, chain balances beside the ledger's",
    response: z.array(chainStatus), extension: true,
  }),
];

// POST /v1/studio/api/chain_sends/{id}/resolve - a person decides a chain send held for review: sent (checked on chain) or failed (credited back) (extension, org:manage)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { resolveSend } from "@/lib/studio/chain/evm/resolve-send";
import { CHAIN_SEND_ACTIONS } from "@/lib/workflow/actions";

export const POST = studioRoute(
  { permission: CHAIN_SEND_ACTIONS.resolve.permission, body: CHAIN_SEND_ACTIONS.resolve.body },
  async ({ principal, params, body }) => ({ data: await resolveSend({ principal, id: params.id ?? "", request: body }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

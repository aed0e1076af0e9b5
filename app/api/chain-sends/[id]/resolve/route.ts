// POST /api/chain-sends/{id}/resolve - a person's decision on a send held for review, checked by the Studio (on chain for "sent")
import { consoleRoute, readJson } from "@/lib/console/route";
import { CHAIN_SEND_ACTIONS, movesFunds } from "@/lib/workflow/actions";

export const POST = consoleRoute({ mutating: true, movesFunds: movesFunds(CHAIN_SEND_ACTIONS, "resolve") }, async ({ request, ctx, params, idempotencyKey }) => ({
  data: await ctx.client.resolveChainSend(params.id ?? "", await readJson(request), { idempotencyKey }),
}));

// POST /api/withdrawals/{id}/{approve|reject} - a decision on a withdrawal request, checked by the Studio
import { BadRequest, consoleRoute, readJson } from "@/lib/console/route";
import { movesFunds, postedActions, WITHDRAWAL_ACTIONS } from "@/lib/workflow/actions";

const ACTIONS: readonly string[] = postedActions(WITHDRAWAL_ACTIONS);

export const POST = consoleRoute({ mutating: true, movesFunds: (params) => movesFunds(WITHDRAWAL_ACTIONS, params.action) }, async ({ request, ctx, params, idempotencyKey }) => {
  const action = params.action ?? "";
  if (!ACTIONS.includes(action)) throw new BadRequest(`Unknown action ${action}`);
  return { data: await ctx.client.withdrawals.action(params.id ?? "", action as never, await readJson(request), { idempotencyKey }) };
});

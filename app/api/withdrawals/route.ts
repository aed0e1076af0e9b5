// POST /api/withdrawals - withdraw to an outside wallet (transfer:sign and the balance are checked by the Studio)
import { consoleRoute, readJson } from "@/lib/console/route";

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx, idempotencyKey }) => ({
  data: await ctx.client.withdraw(await readJson(request), { idempotencyKey }),
}));

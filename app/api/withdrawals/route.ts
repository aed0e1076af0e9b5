// GET /api/withdrawals - the organization's withdrawals, newest first; POST - withdraw to an outside wallet
// (transfer:sign and the balance are checked by the Studio)
import { consoleRoute, readJson } from "@/lib/console/route";
import { consoleReads } from "@/lib/console/reads";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => consoleReads(ctx.client).withdrawals(new URL(request.url).searchParams));

// A withdrawal is no workflow action (it has no declaration to say so): it moves funds by what it is.
export const POST = consoleRoute({ mutating: true, movesFunds: true }, async ({ request, ctx, idempotencyKey }) => ({
  data: await ctx.client.withdraw(await readJson(request), { idempotencyKey }),
}));

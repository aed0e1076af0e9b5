// GET /api/balances - the organization's balance per chain and token
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx }) => ({ data: await ctx.client.balances() }));

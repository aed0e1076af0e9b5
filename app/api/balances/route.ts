// GET /api/balances - the organization's balance per chain and token
import { consoleReads } from "@/lib/console/reads";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx }) => ({ data: await consoleReads(ctx.client).balances() }));

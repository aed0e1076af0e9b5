// GET /api/chains/unmatched-deposits - transfers to deposit addresses that paid nothing (the /chains page)
import { consoleReads } from "@/lib/console/reads";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx }) => ({ data: await consoleReads(ctx.client).unmatchedDeposits() }));

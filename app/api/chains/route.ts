// GET /api/chains - each chain's node, scanner, treasury and gas tank (the /chains page)
import { consoleReads } from "@/lib/console/reads";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx }) => ({ data: await consoleReads(ctx.client).chains() }));

// GET /api/balances/ledger - one page of balance movements, newest first, with counts per kind
import { consoleReads } from "@/lib/console/reads";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => consoleReads(ctx.client).ledger(new URL(request.url).searchParams));

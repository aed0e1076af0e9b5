// GET /api/balances/ledger - one page of balance movements, newest first, with counts per kind
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => ctx.client.ledger(new URL(request.url).searchParams));

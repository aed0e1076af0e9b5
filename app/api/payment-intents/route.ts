// GET /api/payment-intents - one page of standalone payment intents with per-category counts
import { consoleReads } from "@/lib/console/reads";
import { PAYMENT_INTENTS } from "@/lib/console/resources";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => consoleReads(ctx.client).list(PAYMENT_INTENTS, new URL(request.url).searchParams));

// GET /api/payment-intents - one page of standalone payment intents with per-category counts
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => ctx.client.paymentIntents.list(new URL(request.url).searchParams));

// GET /api/payment-intents/{id} - one standalone payment intent
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx, params }) => ({ data: await ctx.client.paymentIntents.get(params.id ?? "") }));

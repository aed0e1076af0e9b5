// GET /api/payment-intents/{id} - one standalone payment intent
import { consoleReads } from "@/lib/console/reads";
import { PAYMENT_INTENTS } from "@/lib/console/resources";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx, params }) => ({ data: await consoleReads(ctx.client).record(PAYMENT_INTENTS, params.id ?? "") }));

// GET /api/payment-intents/{id}/logs - the intent's status log, with operator names the console knows
import { consoleReads } from "@/lib/console/reads";
import { PAYMENT_INTENTS } from "@/lib/console/resources";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx, params }) => ({ data: await consoleReads(ctx.client).logs(PAYMENT_INTENTS, params.id ?? "") }));

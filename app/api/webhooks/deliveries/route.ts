// GET /api/webhooks/deliveries - one page of webhook deliveries with per-status counts
import { consoleReads } from "@/lib/console/reads";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => consoleReads(ctx.client).webhookDeliveries(new URL(request.url).searchParams));

// GET /api/webhooks/deliveries - one page of webhook deliveries with per-status counts
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => ctx.client.webhooks.deliveries(new URL(request.url).searchParams));

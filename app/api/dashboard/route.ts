// GET /api/dashboard - the organization's aggregate figures for the dashboard, in the shape its query caches
import { consoleRoute } from "@/lib/console/route";
import { consoleReads } from "@/lib/console/reads";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => ({ data: await consoleReads(ctx.client).dashboard(new URL(request.url).searchParams) }));

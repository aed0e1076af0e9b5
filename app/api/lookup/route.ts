// GET /api/lookup?q= - the command palette's records for a number, id, address or tx hash (GET /lookup)
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => ({
  data: await ctx.client.lookup(new URL(request.url).searchParams.get("q") ?? ""),
}));

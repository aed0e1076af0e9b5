// GET /api/saved-views?list= - the signed-in person's saved views of a list; POST - save one (GET/POST /saved_views)
import { consoleRoute, readJson } from "@/lib/console/route";
import type { SavedViewCreateRequest } from "@/lib/console/types";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => ({
  data: await ctx.client.savedViews.list(new URL(request.url).searchParams.get("list") ?? ""),
}));

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx, idempotencyKey }) => ({
  data: await ctx.client.savedViews.create(((await readJson(request)) ?? {}) as SavedViewCreateRequest, { idempotencyKey }),
}));

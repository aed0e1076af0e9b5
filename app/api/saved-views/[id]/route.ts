// DELETE /api/saved-views/{id} - delete one of the signed-in person's saved views (DELETE /saved_views/{id})
import { consoleRoute } from "@/lib/console/route";

export const DELETE = consoleRoute({ mutating: true }, async ({ ctx, params }) => ({ data: await ctx.client.savedViews.remove(params.id ?? "") }));

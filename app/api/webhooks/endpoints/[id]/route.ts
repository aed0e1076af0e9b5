// DELETE /api/webhooks/endpoints/{id} - the endpoint gets nothing new; its pending deliveries are cancelled (org:manage, checked by the Studio)
import { consoleRoute } from "@/lib/console/route";

export const DELETE = consoleRoute({ mutating: true }, async ({ ctx, params }) => ({ data: await ctx.client.webhooks.endpoints.remove(params.id ?? "") }));

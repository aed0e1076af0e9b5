// POST /api/team/keys/{id}/revoke - the key answers 401 from the next request on
import { consoleRoute } from "@/lib/console/route";

export const POST = consoleRoute({ mutating: true }, async ({ ctx, params, idempotencyKey }) => ({
  data: await ctx.client.apiKeys.revoke(params.id ?? "", { idempotencyKey }),
}));

// GET /api/payment-intents/{id}/logs - the intent's status log, with operator names the console knows
import { consoleRoute } from "@/lib/console/route";
import { withOperatorNames } from "@/lib/console/workflow-routes";

export const GET = consoleRoute({ mutating: false }, async ({ ctx, params }) => ({
  data: await withOperatorNames(await ctx.client.paymentIntents.logs(params.id ?? "")),
}));

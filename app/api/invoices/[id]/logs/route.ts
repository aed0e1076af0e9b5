// GET /api/invoices/{id}/logs - the invoice's status log, with operator names the console knows
import { namesForUids } from "@/lib/console/accounts";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx, params }) => {
  const logs = await ctx.client.invoiceLogs(params.id ?? "");
  const names = await namesForUids([...new Set(logs.map((log) => log.operator_uid))]);
  return { data: logs.map((log) => ({ ...log, operator_name: names.get(log.operator_uid) })) };
});

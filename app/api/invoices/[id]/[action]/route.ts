// POST /api/invoices/{id}/{approve|reject|cancel|sign|refund} - a workflow action, checked by the Studio
import { BadRequest, consoleRoute, readJson } from "@/lib/console/route";
import { INVOICE_ACTIONS, type InvoiceActionName } from "@/lib/console/studio-client";

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx, params }) => {
  const action = params.action as InvoiceActionName;
  if (!INVOICE_ACTIONS.includes(action)) throw new BadRequest(`Unknown action ${params.action}`);
  return { data: await ctx.client.invoiceAction(params.id ?? "", action, await readJson(request)) };
});

// GET /api/invoices/{id} - one invoice; PUT /api/invoices/{id} - edit (or resubmit) it
import { consoleRoute, readJson } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx, params }) => ({
  data: await ctx.client.getInvoice(params.id ?? ""),
}));

export const PUT = consoleRoute({ mutating: true }, async ({ request, ctx, params }) => ({
  data: await ctx.client.updateInvoice(params.id ?? "", await readJson(request)),
}));

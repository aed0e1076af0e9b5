// GET /api/invoices - one page of invoices with per-category counts; POST /api/invoices - create one
import { consoleRoute, readJson } from "@/lib/console/route";
import { invoiceCreateBody } from "@/lib/console/invoice-bodies";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) =>
  ctx.client.listInvoices(new URL(request.url).searchParams),
);

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx }) => ({
  data: await ctx.client.createInvoice(invoiceCreateBody(await readJson(request), ctx, request)),
}));

// GET /api/invoices/{id}/emails - the invoice's e-mails and their attempts (transfer:read, checked by the Studio)
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx, params }) => ({
  data: await ctx.client.invoices.emails(params.id ?? ""),
}));

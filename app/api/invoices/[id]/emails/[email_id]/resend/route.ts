// POST /api/invoices/{id}/emails/{email_id}/resend - send an invoice e-mail again (transfer:approve, checked by the Studio)
import { consoleRoute } from "@/lib/console/route";

export const POST = consoleRoute({ mutating: true }, async ({ ctx, params, idempotencyKey }) => ({
  data: await ctx.client.invoices.resendEmail(params.id ?? "", params.email_id ?? "", { idempotencyKey }),
}));

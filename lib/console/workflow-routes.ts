import "server-only";
import { createBody } from "@/lib/console/create-body";
import { consoleReads } from "@/lib/console/reads";
import { INVOICES, PAYOUTS } from "@/lib/console/resources";
import { BadRequest, consoleRoute, documentResponse, readJson } from "@/lib/console/route";
import type { StudioClient } from "@/lib/console/studio-client";
import { INVOICE_ACTIONS, movesFunds, PAYOUT_ACTIONS, postedActions, type ActionDeclaration } from "@/lib/workflow/actions";

type Owner = "invoices" | "payouts";

/**
 * The console routes of one workflow owner (list, create, one, edit, logs, actions), each a thin
 * pass-through to the same Studio endpoint with the signed-in person's key.
 */
function workflowRoutes<O extends Owner>(owner: O, table: Record<string, ActionDeclaration>) {
  const actions: readonly string[] = postedActions(table);
  const studio = (client: StudioClient) => client[owner] as StudioClient["invoices"] & StudioClient["payouts"];
  const resource = owner === "invoices" ? INVOICES : PAYOUTS;
  return {
    list: consoleRoute({ mutating: false }, async ({ request, ctx }) => consoleReads(ctx.client).list(resource, new URL(request.url).searchParams)),
    create: consoleRoute({ mutating: true }, async ({ request, ctx, idempotencyKey }) => ({
      data: await studio(ctx.client).create(createBody(await readJson(request), ctx, request), { idempotencyKey }),
    })),
    get: consoleRoute({ mutating: false }, async ({ ctx, params }) => ({ data: await consoleReads(ctx.client).record(resource, params.id ?? "") })),
    update: consoleRoute({ mutating: true }, async ({ request, ctx, params }) => ({
      data: await studio(ctx.client).update(params.id ?? "", await readJson(request)),
    })),
    action: consoleRoute({ mutating: true, movesFunds: (params) => movesFunds(table, params.action) }, async ({ request, ctx, params, idempotencyKey }) => {
      const action = params.action ?? "";
      if (!actions.includes(action)) throw new BadRequest(`Unknown action ${action}`);
      return { data: await studio(ctx.client).action(params.id ?? "", action as never, await readJson(request), { idempotencyKey }) };
    }),
    logs: consoleRoute({ mutating: false }, async ({ ctx, params }) => ({ data: await consoleReads(ctx.client).logs(resource, params.id ?? "") })),
  };
}

export const invoiceRoutes = {
  ...workflowRoutes("invoices", INVOICE_ACTIONS),
  pdf: consoleRoute({ mutating: false }, async ({ ctx, params }) => documentResponse(await ctx.client.invoices.pdf(params.id ?? ""), "application/pdf")),
};
export const payoutRoutes = workflowRoutes("payouts", PAYOUT_ACTIONS);

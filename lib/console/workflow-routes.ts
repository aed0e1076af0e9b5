import "server-only";
import { namesForUids } from "@/lib/console/accounts";
import { createBody } from "@/lib/console/create-body";
import { BadRequest, consoleRoute, readJson } from "@/lib/console/route";
import { INVOICE_ACTIONS, PAYOUT_ACTIONS, type StudioClient } from "@/lib/console/studio-client";
import type { StatusLog } from "@/lib/console/types";

type Owner = "invoices" | "payouts";

/**
 * The console routes of one workflow owner (list, create, one, edit, logs, actions), each a thin
 * pass-through to the same Studio endpoint with the signed-in person's key.
 */
function workflowRoutes<O extends Owner>(owner: O, actions: readonly string[]) {
  const studio = (client: StudioClient) => client[owner] as StudioClient["invoices"] & StudioClient["payouts"];
  return {
    list: consoleRoute({ mutating: false }, async ({ request, ctx }) => studio(ctx.client).list(new URL(request.url).searchParams)),
    create: consoleRoute({ mutating: true }, async ({ request, ctx, idempotencyKey }) => ({
      data: await studio(ctx.client).create(createBody(await readJson(request), ctx, request), { idempotencyKey }),
    })),
    get: consoleRoute({ mutating: false }, async ({ ctx, params }) => ({ data: await studio(ctx.client).get(params.id ?? "") })),
    update: consoleRoute({ mutating: true }, async ({ request, ctx, params }) => ({
      data: await studio(ctx.client).update(params.id ?? "", await readJson(request)),
    })),
    action: consoleRoute({ mutating: true }, async ({ request, ctx, params, idempotencyKey }) => {
      const action = params.action ?? "";
      if (!actions.includes(action)) throw new BadRequest(`Unknown action ${action}`);
      return { data: await studio(ctx.client).action(params.id ?? "", action as never, await readJson(request), { idempotencyKey }) };
    }),
    // The log with the operator names the console knows.
    logs: consoleRoute({ mutating: false }, async ({ ctx, params }) => ({ data: await withOperatorNames(await studio(ctx.client).logs(params.id ?? "")) })),
  };
}

/** A status log with the operator names the console knows. */
export async function withOperatorNames(logs: StatusLog[]): Promise<StatusLog[]> {
  const names = await namesForUids([...new Set(logs.map((log) => log.operator_uid))]);
  return logs.map((log) => ({ ...log, operator_name: names.get(log.operator_uid) }));
}

export const invoiceRoutes = workflowRoutes("invoices", INVOICE_ACTIONS);
export const payoutRoutes = workflowRoutes("payouts", PAYOUT_ACTIONS);

// GET /api/approval-policies - each record kind's approval policy in force
import { consoleReads } from "@/lib/console/reads";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx }) => ({ data: await consoleReads(ctx.client).approvalPolicies() }));

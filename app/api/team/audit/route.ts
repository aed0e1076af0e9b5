// GET /api/team/audit - one page of the organization's audit log, with the actors' names
import { consoleReads } from "@/lib/console/reads";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => consoleReads(ctx.client).auditLog(new URL(request.url).searchParams));

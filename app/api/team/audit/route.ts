// GET /api/team/audit - one page of the organization's audit log, with the actors' names
import { consoleRoute } from "@/lib/console/route";
import { teamNames } from "@/lib/console/team";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => {
  const [log, names] = await Promise.all([ctx.client.auditLog(new URL(request.url).searchParams), teamNames(ctx)]);
  return { ...log, data: log.data.map((row) => ({ ...row, actor_name: row.actor_uid ? (names.get(row.actor_uid) ?? null) : null })) };
});

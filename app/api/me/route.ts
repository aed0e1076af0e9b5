// GET /api/me - the signed-in person: name, organization, role and permissions
import { consoleRoute } from "@/lib/console/route";
import { roleOf } from "@/lib/console/context";

export const GET = consoleRoute({ mutating: false }, async ({ ctx }) => {
  const me = await ctx.me();
  return { data: { ...me, role: roleOf(me.permissions) } };
});

// GET /api/team/users - the organization's people; POST /api/team/users - invite one (Studio user,
// API key and console sign-in; the first password is answered once)
import { z } from "zod";
import { consoleReads } from "@/lib/console/reads";
import { BadRequest, consoleRoute, readJson } from "@/lib/console/route";
import { invitePerson } from "@/lib/console/team";

const inviteSchema = z.object({
  name: z.string().trim().min(1, "Enter a name").max(200),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address")),
  permissions: z.array(z.string().max(100)).max(20),
});

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => consoleReads(ctx.client).teamUsers(new URL(request.url).searchParams));

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx, idempotencyKey }) => {
  const parsed = inviteSchema.safeParse(await readJson(request));
  if (!parsed.success) throw new BadRequest(parsed.error.issues.map((issue) => issue.message).join("; "));
  return { data: await invitePerson(ctx, parsed.data, idempotencyKey) };
});

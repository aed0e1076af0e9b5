// GET /api/team/keys - the organization's API keys with their owners' names; POST /api/team/keys -
// a new key for a person (the secret is in this answer only)
import { z } from "zod";
import { BadRequest, consoleRoute, readJson } from "@/lib/console/route";
import { teamNames } from "@/lib/console/team";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => {
  const [keys, names] = await Promise.all([ctx.client.apiKeys.list(new URL(request.url).searchParams), teamNames(ctx)]);
  return { ...keys, data: keys.data.map((key) => ({ ...key, owner_name: names.get(key.uid) ?? null })) };
});

const createSchema = z.object({ uid: z.string().min(1, "Choose a person").max(100) });

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx, idempotencyKey }) => {
  const parsed = createSchema.safeParse(await readJson(request));
  if (!parsed.success) throw new BadRequest(parsed.error.issues.map((issue) => issue.message).join("; "));
  return { data: await ctx.client.apiKeys.create(parsed.data.uid, { idempotencyKey }) };
});

// GET /api/team/keys - the organization's API keys with their owners' names; POST /api/team/keys -
// a new key for the signed-in person (the secret is in this answer only)
import { consoleRoute } from "@/lib/console/route";
import { teamNames } from "@/lib/console/team";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => {
  const [keys, names] = await Promise.all([ctx.client.apiKeys.list(new URL(request.url).searchParams), teamNames(ctx)]);
  return { ...keys, data: keys.data.map((key) => ({ ...key, owner_name: names.get(key.uid) ?? null })) };
});

export const POST = consoleRoute({ mutating: true }, async ({ ctx, idempotencyKey }) => ({ data: await ctx.client.apiKeys.create({ idempotencyKey }) }));

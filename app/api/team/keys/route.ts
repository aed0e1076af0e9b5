// GET /api/team/keys - the organization's API keys with their owners' names; POST /api/team/keys -
// a new key for the signed-in person (the secret is in this answer only)
import { consoleReads } from "@/lib/console/reads";
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => consoleReads(ctx.client).teamKeys(new URL(request.url).searchParams));

// A new key acts as its maker with every permission they hold, signing and withdrawing included:
// minting one on a session past its step-up would move money around the password check.
export const POST = consoleRoute({ mutating: true, movesFunds: true }, async ({ ctx, idempotencyKey }) => ({ data: await ctx.client.apiKeys.create({ idempotencyKey }) }));

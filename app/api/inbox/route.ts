// GET /api/inbox - what waits for the signed-in person's approval (GET /inbox, its `limit` passed on)
import { consoleRoute } from "@/lib/console/route";
import { consoleReads } from "@/lib/console/reads";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx }) => ({ data: await consoleReads(ctx.client).inbox(new URL(request.url).searchParams) }));

// GET /api/webhooks/secret - the organization's signing secret (transfer:sign, checked by the Studio);
// the page asks for it only when an admin clicks "Reveal", and the answer is never cached (no-store).
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx }) => ({ data: await ctx.client.webhooks.secret() }));

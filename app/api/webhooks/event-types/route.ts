// GET /api/webhooks/event-types - the event types the Studio emits, for the endpoint form's choices
import { consoleRoute } from "@/lib/console/route";

export const GET = consoleRoute({ mutating: false }, async ({ ctx }) => ({ data: await ctx.client.webhooks.eventTypes() }));

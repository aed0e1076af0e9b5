// GET /v1/studio/api/webhook/event_types - the event types the service emits, which endpoints subscribe to (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { EVENT_TYPES } from "@/lib/studio/webhooks/event-types";

export const GET = studioRoute({ permission: null }, async () => ({ data: EVENT_TYPES.map((type) => ({ type })) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

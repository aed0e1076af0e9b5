// GET /v1/studio/api/saved_views?list= - the caller's saved views of a list (extension)
// POST /v1/studio/api/saved_views - save a list's filters and sort under a name (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { createSavedView, listSavedViews } from "@/lib/studio/saved-views/saved-views";
import { savedViewCreateSchema, savedViewsQuerySchema } from "@/lib/studio/saved-views/schemas";

export const GET = studioRoute({ permission: "transfer:read", query: savedViewsQuerySchema }, async ({ principal, query }) => ({
  data: await listSavedViews({ principal, list: query.list }),
}));

export const POST = studioRoute({ permission: "transfer:read", body: savedViewCreateSchema }, async ({ principal, body }) => ({
  data: await createSavedView({ principal, body }),
}));

export const { PUT, PATCH, DELETE } = otherMethodsRefused("GET", "POST");

// DELETE /v1/studio/api/saved_views/{id} - delete one of the caller's saved views (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { deleteSavedView } from "@/lib/studio/saved-views/saved-views";

export const DELETE = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await deleteSavedView({ principal, id: params.id ?? "" }),
}));

export const { GET, POST, PUT, PATCH } = otherMethodsRefused("DELETE");

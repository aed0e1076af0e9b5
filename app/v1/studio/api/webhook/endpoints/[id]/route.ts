// DELETE /v1/studio/api/webhook/endpoints/{id} - the endpoint gets nothing new; its pending deliveries are cancelled (extension, org:manage)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { deleteWebhookEndpoint } from "@/lib/studio/webhooks/organization-endpoints";

export const DELETE = studioRoute({ permission: "org:manage" }, async ({ principal, params }) => ({
  data: await deleteWebhookEndpoint({ principal, id: params.id ?? "" }),
}));

export const { GET, POST, PUT, PATCH } = otherMethodsRefused("DELETE");

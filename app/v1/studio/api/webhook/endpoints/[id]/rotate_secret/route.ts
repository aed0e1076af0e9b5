// POST /v1/studio/api/webhook/endpoints/{id}/rotate_secret - a new signing secret, the old one signing beside it for an overlap (extension, org:manage)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { endpointSecretShownOnce, rotateWebhookEndpointSecret, webhookEndpointRotateSchema } from "@/lib/studio/webhooks/organization-endpoints";

export const POST = studioRoute(
  { permission: "org:manage", body: webhookEndpointRotateSchema, bodyOptional: true, replayWithoutSecret: endpointSecretShownOnce("rotated") },
  async ({ principal, params, body }) => ({
    data: await rotateWebhookEndpointSecret({ principal, id: params.id ?? "", body }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

// POST /v1/studio/api/webhook/deliveries/{id}/resend - the same event again, as a new attempt (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { resendDelivery } from "@/lib/studio/webhooks/deliveries";

// transfer:sign: the spec has no admin permission, and re-sending tells a merchant's system again
// that money moved, as signing and refunding do.
export const POST = studioRoute({ permission: "transfer:sign", body: undefined }, async ({ principal, params }) => ({
  data: await resendDelivery({ principal, id: params.id ?? "" }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

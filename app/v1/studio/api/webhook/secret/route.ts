// GET /v1/studio/api/webhook/secret - the organization's webhook signing secret (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { webhookSecret } from "@/lib/studio/webhooks/secret";

// transfer:sign: the spec has no admin permission, and whoever holds the secret can forge the
// organization's webhooks ("money moved"), as signing and refunding move it.
export const GET = studioRoute({ permission: "transfer:sign" }, async ({ principal }) => ({ data: await webhookSecret({ principal }) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

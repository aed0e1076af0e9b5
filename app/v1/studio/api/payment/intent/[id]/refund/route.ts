// POST /v1/studio/api/payment/intent/{id}/refund - return a payment's funds (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { refundSchema } from "@/lib/studio/workflow/schemas";
import { refundIntent } from "@/lib/studio/workflow/verbs";
import { standaloneOwner } from "@/lib/studio/standalone-payments/owner";
import { actionAllowed } from "@/lib/studio/workflow/transition";

export const POST = studioRoute(
  { permission: "transfer:sign", body: refundSchema, statusRule: actionAllowed(standaloneOwner, "refund") },
  async ({ principal, params, body }) => ({
    data: await refundIntent(standaloneOwner, { principal, id: params.id ?? "", request: body }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

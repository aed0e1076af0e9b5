// POST /v1/studio/api/sandbox/pay - simulate a confirmed transfer to a payment address (sandbox chain only)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { sandboxPaySchema } from "@/lib/studio/sandbox/schemas";
import { sandboxPay } from "@/lib/studio/sandbox/pay";

export const POST = studioRoute({ permission: "transfer:sign", body: sandboxPaySchema }, async ({ principal, body }) => ({
  data: await sandboxPay({ principal, request: body }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

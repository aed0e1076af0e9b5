// POST /v1/studio/api/payout/intent - create a payout intent
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { payoutCreateSchema } from "@/lib/studio/payouts/schemas";
import { createPayout } from "@/lib/studio/payouts/create-payout";

export const POST = studioRoute(
  { permission: "transfer:create", body: payoutCreateSchema, requireClientId: true },
  async ({ principal, clientId, body }) => ({ data: await createPayout({ principal, clientId, request: body }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

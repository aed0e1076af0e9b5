// GET /v1/studio/api/payout/intent/{id}/logs - status history, oldest first (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { listStatusLogs } from "@/lib/studio/workflow/logs";
import { payoutOwner } from "@/lib/studio/payouts/owner";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await listStatusLogs(payoutOwner, { principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

// GET /api/payouts/{id} - one payout; PUT /api/payouts/{id} - edit (or resubmit) it
import { payoutRoutes } from "@/lib/console/workflow-routes";

export const GET = payoutRoutes.get;
export const PUT = payoutRoutes.update;

// GET /api/payouts/{id}/logs - the payout's status log, with operator names the console knows
import { payoutRoutes } from "@/lib/console/workflow-routes";

export const GET = payoutRoutes.logs;

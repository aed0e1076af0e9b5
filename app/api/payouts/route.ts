// GET /api/payouts - one page of payouts with per-category counts; POST /api/payouts - create one
import { payoutRoutes } from "@/lib/console/workflow-routes";

export const GET = payoutRoutes.list;
export const POST = payoutRoutes.create;

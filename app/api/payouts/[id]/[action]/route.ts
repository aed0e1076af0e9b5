// POST /api/payouts/{id}/{approve|reject|refund} - a workflow action, checked by the Studio
import { payoutRoutes } from "@/lib/console/workflow-routes";

export const POST = payoutRoutes.action;

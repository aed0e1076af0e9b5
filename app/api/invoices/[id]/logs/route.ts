// GET /api/invoices/{id}/logs - the invoice's status log, with operator names the console knows
import { invoiceRoutes } from "@/lib/console/workflow-routes";

export const GET = invoiceRoutes.logs;

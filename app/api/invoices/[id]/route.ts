// GET /api/invoices/{id} - one invoice; PUT /api/invoices/{id} - edit (or resubmit) it
import { invoiceRoutes } from "@/lib/console/workflow-routes";

export const GET = invoiceRoutes.get;
export const PUT = invoiceRoutes.update;

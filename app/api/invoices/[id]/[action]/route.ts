// POST /api/invoices/{id}/{approve|reject|cancel|sign|refund} - a workflow action, checked by the Studio
import { invoiceRoutes } from "@/lib/console/workflow-routes";

export const POST = invoiceRoutes.action;

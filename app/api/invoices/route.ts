// GET /api/invoices - one page of invoices with per-category counts; POST /api/invoices - create one
import { invoiceRoutes } from "@/lib/console/workflow-routes";

export const GET = invoiceRoutes.list;
export const POST = invoiceRoutes.create;

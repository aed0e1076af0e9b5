// GET /api/invoices/{id}/pdf - the invoice as a PDF, from the Studio with the signed-in person's key
import { invoiceRoutes } from "@/lib/console/workflow-routes";

export const GET = invoiceRoutes.pdf;

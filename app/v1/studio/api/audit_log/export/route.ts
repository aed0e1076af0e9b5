// GET /v1/studio/api/audit_log/export - the audit log's rows as CSV (extension, org:manage)
import { otherMethodsRefused } from "@/lib/studio/http/route";
import { exportRoute } from "@/lib/studio/export/exports";

export const GET = exportRoute("auditLog");

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

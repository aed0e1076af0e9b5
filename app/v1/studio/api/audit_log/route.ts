// GET /v1/studio/api/audit_log - who did what in the organization, newest first (extension, org:manage)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { auditLogQuerySchema, listAuditLog } from "@/lib/studio/audit/audit-log";

export const GET = studioRoute({ permission: "org:manage", query: auditLogQuerySchema }, ({ principal, query }) =>
  listAuditLog({ principal, query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

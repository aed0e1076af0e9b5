// GET /v1/studio/api/approval_policies - every record kind's approval policy in force (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { listApprovalPolicies } from "@/lib/studio/approvals/policies";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal }) => ({ data: await listApprovalPolicies({ principal }) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

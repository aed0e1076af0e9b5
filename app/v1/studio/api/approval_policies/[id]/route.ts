// PUT /v1/studio/api/approval_policies/{id} - set a record kind's approval tiers (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { setApprovalPolicy } from "@/lib/studio/approvals/policies";
import { APPROVAL_RECORD_KINDS, approvalPolicyUpdateSchema, type ApprovalRecordKind } from "@/lib/studio/approvals/schemas";
import { notFound } from "@/lib/studio/core/errors";

export const PUT = studioRoute({ permission: "org:manage", body: approvalPolicyUpdateSchema }, async ({ principal, params, body }) => {
  const kind = params.id ?? "";
  if (!(APPROVAL_RECORD_KINDS as readonly string[]).includes(kind)) throw notFound(`Approval policy ${kind}`);
  return { data: await setApprovalPolicy({ principal, kind: kind as ApprovalRecordKind, request: body }) };
});

export const { GET, POST, PATCH, DELETE } = otherMethodsRefused("PUT");

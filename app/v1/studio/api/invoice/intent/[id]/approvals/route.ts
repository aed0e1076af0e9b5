// GET /v1/studio/api/invoice/intent/{id}/approvals - the approval policy step and approvals so far (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getApprovalState } from "@/lib/studio/approvals/read-approvals";
import { invoiceOwner } from "@/lib/studio/invoices/owner";

export const GET = studioRoute({ permission: "transfer:read" }, async ({ principal, params }) => ({
  data: await getApprovalState(invoiceOwner, { principal, id: params.id ?? "" }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");

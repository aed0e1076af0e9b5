// POST /v1/studio/api/invoice/intent/{id}/reject - reject with a reason
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { rejectSchema } from "@/lib/studio/workflow/schemas";
import { rejectIntent } from "@/lib/studio/workflow/verbs";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { actionAllowed } from "@/lib/studio/workflow/transition";

export const POST = studioRoute(
  { permission: "transfer:approve", body: rejectSchema, statusRule: actionAllowed(invoiceOwner, "reject") },
  async ({ principal, params, body }) => ({
    data: await rejectIntent(invoiceOwner, { principal, id: params.id ?? "", request: body }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

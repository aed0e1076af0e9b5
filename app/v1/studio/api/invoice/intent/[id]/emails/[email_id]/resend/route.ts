// POST /v1/studio/api/invoice/intent/{id}/emails/{email_id}/resend - send an invoice e-mail again (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { resendInvoiceEmail } from "@/lib/studio/emails/invoice-emails";

// transfer:approve: the invoice e-mail goes out because an approver approved the invoice; sending
// it again to the same recipient is that approver's call. It moves no money (webhook re-sends,
// which tell a merchant's system that money moved, need transfer:sign).
export const POST = studioRoute({ permission: "transfer:approve", body: undefined }, async ({ principal, params }) => ({
  data: await resendInvoiceEmail({ principal, id: params.id ?? "", emailId: params.email_id ?? "" }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");

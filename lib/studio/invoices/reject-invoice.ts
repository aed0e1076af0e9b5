import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import type { RejectInput } from "@/lib/studio/invoices/schemas";
import { getInvoiceOrThrow, lockInvoiceOrThrow, transitionInvoice } from "@/lib/studio/invoices/queries";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// POST /invoice/intent/{id}/reject: back to the creator side with a reason (kept in the log).
export async function rejectInvoice(input: { principal: Principal; id: string; request: RejectInput; now?: Date }) {
  const { principal, id, request } = input;
  const database = await db();
  await database.transaction(async (tx) => {
    const current = await lockInvoiceOrThrow(tx, principal.orgId, id);
    await transitionInvoice(tx, { current, action: "reject", now: input.now, operatorUid: principal.uid, reason: request.reason });
  });
  const rejected = await getInvoiceOrThrow(database, principal.orgId, id);
  return serializeInvoice(rejected.invoice, rejected.paymentIntent);
}

import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import type { CancelInput } from "@/lib/studio/invoices/schemas";
import { receivedFacts } from "@/lib/studio/invoices/received";
import { getInvoiceOrThrow, lockInvoiceOrThrow, transitionInvoice } from "@/lib/studio/invoices/queries";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// POST /invoice/intent/{id}/cancel: withdraws an invoice before any funds arrived.
export async function cancelInvoice(input: { principal: Principal; id: string; request: CancelInput | undefined; now?: Date }) {
  const { principal, id } = input;
  const reason = input.request?.reason?.trim() || "cancelled";
  const database = await db();
  await database.transaction(async (tx) => {
    const current = await lockInvoiceOrThrow(tx, principal.orgId, id);
    await transitionInvoice(tx, {
      current,
      action: "cancel",
      now: input.now,
      operatorUid: principal.uid,
      reason,
      payment: receivedFacts(current.paymentIntent),
    });
  });
  const cancelled = await getInvoiceOrThrow(database, principal.orgId, id);
  return serializeInvoice(cancelled.invoice, cancelled.paymentIntent);
}

import "server-only";
import type { Principal } from "@/lib/studio/auth/principal";
import type { CancelInput } from "@/lib/studio/invoices/schemas";
import { receivedFacts } from "@/lib/studio/payment-intents/status";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { lockIntentOrThrow } from "@/lib/studio/workflow/owner";
import { transition } from "@/lib/studio/workflow/transition";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// POST /invoice/intent/{id}/cancel: withdraws an invoice before any funds arrived.
export function cancelInvoice(input: { principal: Principal; id: string; request: CancelInput | undefined; now?: Date }) {
  const { principal, id } = input;
  const reason = input.request?.reason?.trim() || "cancelled";
  return inTransaction(async (tx) => {
    const current = await lockIntentOrThrow(tx, invoiceOwner, principal.orgId, id);
    const cancelled = await transition(tx, invoiceOwner, {
      current,
      action: "cancel",
      now: input.now,
      operatorUid: principal.uid,
      reason,
      payment: receivedFacts(current.paymentIntent),
    });
    return serializeInvoice(cancelled.row, cancelled.paymentIntent);
  });
}

import "server-only";
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { StudioError } from "@/lib/studio/core/errors";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { findIntentByPayment, getIntentOrThrow } from "@/lib/studio/workflow/owner";
import { standaloneOwner } from "@/lib/studio/standalone-payments/owner";
import { serializeOwnedPayment, serializeStandalonePayment } from "@/lib/studio/standalone-payments/serialize";

// GET /payment/intent/{id}: a standalone payment intent, or (spec 2.4: "the same record is nested
// in invoice and payout intents and is returned by the payment intent endpoints") the one an
// invoice or payout of the caller's organization owns.
export async function getPaymentIntent(input: { principal: Principal; id: string }) {
  const database = await db();
  const { orgId } = input.principal;
  try {
    const { row, paymentIntent } = await getIntentOrThrow(database, standaloneOwner, orgId, input.id);
    return serializeStandalonePayment(row, paymentIntent);
  } catch (error) {
    if (!(error instanceof StudioError && error.kind === "not_found")) throw error;
    const invoice = await findIntentByPayment(database, invoiceOwner, orgId, input.id);
    if (invoice) return serializeOwnedPayment(invoiceOwner.serialize(invoice.row, invoice.paymentIntent), { type: "invoice", id: invoice.row.id });
    const payout = await findIntentByPayment(database, payoutOwner, orgId, input.id);
    if (payout) return serializeOwnedPayment(payoutOwner.serialize(payout.row, payout.paymentIntent), { type: "payout", id: payout.row.id });
    throw error;
  }
}

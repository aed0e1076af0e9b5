import { and, eq, type SQL } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/lib/db/client";
import { invoiceLogs, invoices, paymentIntents } from "@/lib/studio/db/schema";
import { notFound, StudioError } from "@/lib/studio/errors";
import {
  nextStatus,
  paymentStatusFor,
  TransitionRefused,
  type InvoiceAction,
  type InvoiceStatus,
  type PaymentFacts,
} from "@/lib/studio/invoices/status";

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
export type InvoiceWithPayment = { invoice: InvoiceRow; paymentIntent: PaymentIntentRow };

/** One invoice of one organization; another organization's id is indistinguishable from an unknown one. */
export function getInvoiceOrThrow(database: DbOrTx, orgId: number, id: string): Promise<InvoiceWithPayment> {
  return findOne(database, and(eq(invoices.id, id), eq(invoices.orgId, orgId)), `Invoice intent ${id}`, false);
}

/** The same, with both rows locked until the transaction ends: status changes start here. */
export function lockInvoiceOrThrow(tx: Tx, orgId: number, id: string): Promise<InvoiceWithPayment> {
  return findOne(tx, and(eq(invoices.id, id), eq(invoices.orgId, orgId)), `Invoice intent ${id}`, true);
}

/** The invoice whose payment intent owns `address`, locked; another organization's address is unknown. */
export function lockInvoiceByPaymentAddress(tx: Tx, orgId: number, address: string): Promise<InvoiceWithPayment> {
  return findOne(
    tx,
    and(eq(paymentIntents.paymentAddress, address), eq(paymentIntents.orgId, orgId)),
    `Payment address ${address}`,
    true,
  );
}

/** The same by payment intent id. */
export function lockInvoiceByPaymentIntent(tx: Tx, orgId: number, paymentIntentId: string): Promise<InvoiceWithPayment> {
  return findOne(
    tx,
    and(eq(paymentIntents.id, paymentIntentId), eq(paymentIntents.orgId, orgId)),
    `Payment intent ${paymentIntentId}`,
    true,
  );
}

async function findOne(database: DbOrTx, where: SQL | undefined, what: string, lock: boolean): Promise<InvoiceWithPayment> {
  const query = database
    .select({ invoice: invoices, paymentIntent: paymentIntents })
    .from(invoices)
    .innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId))
    .where(where)
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(what);
  return row;
}

/** Where `action` leads from the invoice's status, or 409 naming the current status. */
export function assertTransition(current: InvoiceWithPayment, action: InvoiceAction, payment?: PaymentFacts): InvoiceStatus {
  const from = current.invoice.status as InvoiceStatus;
  try {
    return nextStatus(action, from, payment);
  } catch (error) {
    if (error instanceof TransitionRefused) {
      throw new StudioError("invalid_state", `${error.message} (current status: ${from})`);
    }
    throw error;
  }
}

export type TransitionInput = {
  current: InvoiceWithPayment;
  action: InvoiceAction;
  operatorUid: string;
  reason: string;
  payment?: PaymentFacts;
  /** Whether the funds held fall short of the amount due (decides refunded vs insufficient_refunded). */
  underpaid?: boolean;
  amlHold?: boolean;
  invoiceChanges?: Partial<InvoiceRow>;
  paymentChanges?: Partial<PaymentIntentRow>;
  now?: Date;
};

/**
 * Moves an invoice along the state table: compare-and-set on the status, the nested payment
 * status, and exactly one log row, all in the caller's transaction.
 */
export async function transitionInvoice(tx: Tx, input: TransitionInput): Promise<InvoiceStatus> {
  const { invoice, paymentIntent } = input.current;
  const from = invoice.status as InvoiceStatus;
  const to = assertTransition(input.current, input.action, input.payment);
  const now = input.now ?? new Date();
  const updated = await tx
    .update(invoices)
    .set({ ...input.invoiceChanges, status: to, updatedAt: now })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, from)))
    .returning({ id: invoices.id });
  if (updated.length === 0) {
    throw new StudioError("lost_race", "The invoice changed while this request ran; read it again and retry");
  }
  await tx
    .update(paymentIntents)
    .set({
      ...input.paymentChanges,
      status: paymentStatusFor(to, { underpaid: input.underpaid ?? false, amlHold: input.amlHold }),
      updatedAt: now,
    })
    .where(eq(paymentIntents.id, paymentIntent.id));
  await tx.insert(invoiceLogs).values({
    orgId: invoice.orgId,
    invoiceId: invoice.id,
    fromStatus: from,
    toStatus: to,
    operatorUid: input.operatorUid,
    reason: input.reason,
    createdAt: now,
  });
  return to;
}

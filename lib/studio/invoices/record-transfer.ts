import { eq } from "drizzle-orm";
import { db, type Tx } from "@/lib/db/client";
import { chainTransfers, paymentIntents } from "@/lib/studio/db/schema";
import { fieldError, StudioError } from "@/lib/studio/errors";
import { AmountFormatError, formatUnits, parseUnits } from "@/lib/studio/money";
import { findChain } from "@/lib/studio/chain/registry";
import { randomAddress, randomTxHash } from "@/lib/studio/chain/addresses";
import { requireAddressFor } from "@/lib/studio/chain/require-address";
import { transferEffect, type InvoiceStatus } from "@/lib/studio/invoices/status";
import { receivedFacts } from "@/lib/studio/invoices/received";
import {
  getInvoiceOrThrow,
  lockInvoiceByPaymentAddress,
  lockInvoiceByPaymentIntent,
  transitionInvoice,
  type InvoiceWithPayment,
  type PaymentIntentRow,
} from "@/lib/studio/invoices/queries";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

export type IncomingTransfer = {
  orgId: number;
  /** Which deposit the funds went to. */
  to: { paymentAddress: string } | { paymentIntentId: string };
  amount: string;
  payerAddress?: string;
  /** Unix seconds of confirmation; defaults to now. */
  timestamp?: number;
  txHash?: string;
  /** When the service learns of it (the log time); the demo seed back-dates it. */
  now?: Date;
};

/**
 * A confirmed transfer into an invoice's deposit address. Every transfer is stored and summed into
 * received/aggregated amounts; only the first one into an approved invoice (or any into an expired
 * one) moves the status, as the state table says, with operator `system`.
 */
export async function recordTransfer(transfer: IncomingTransfer) {
  const database = await db();
  const result = await database.transaction(async (tx) => {
    const current =
      "paymentAddress" in transfer.to
        ? await lockInvoiceByPaymentAddress(tx, transfer.orgId, transfer.to.paymentAddress)
        : await lockInvoiceByPaymentIntent(tx, transfer.orgId, transfer.to.paymentIntentId);
    return applyTransfer(tx, current, transfer);
  });
  const after = await getInvoiceOrThrow(database, transfer.orgId, result.invoiceId);
  return { transfer: result.transfer, invoice: serializeInvoice(after.invoice, after.paymentIntent) };
}

async function applyTransfer(tx: Tx, current: InvoiceWithPayment, transfer: IncomingTransfer) {
  const pi = current.paymentIntent;
  const status = current.invoice.status as InvoiceStatus;
  const chain = findChain(pi.chainId);
  if (!chain) throw new Error(`payment intent ${pi.id} is on unknown chain ${pi.chainId}`);
  const amountUnits = transferUnits(transfer.amount, pi.decimals);
  const payerAddress = transfer.payerAddress
    ? requireAddressFor(pi.chainId, "payer_address", transfer.payerAddress)
    : randomAddress(chain.family);
  const timestamp = transfer.timestamp ?? Math.floor(Date.now() / 1000);
  const late = pi.paymentDeadline !== null && timestamp > pi.paymentDeadline;
  const effect = transferEffect(status, late);
  if (effect === "refuse" || !pi.paymentAddress) {
    throw new StudioError(
      "invalid_state",
      `Payment address of invoice ${current.invoice.id} does not accept funds (current status: ${status})`,
    );
  }

  const txHash = transfer.txHash ?? randomTxHash(chain.family);
  const amount = formatUnits(amountUnits, pi.decimals);
  await tx.insert(chainTransfers).values({
    orgId: pi.orgId,
    paymentIntentId: pi.id,
    txHash,
    payerAddress,
    amount,
    txTimestamp: timestamp,
  });
  const facts = receivedFacts(pi);
  const receivedUnits = facts.receivedUnits + amountUnits;
  const received = formatUnits(receivedUnits, pi.decimals);
  const paymentChanges: Partial<PaymentIntentRow> = { receivedCryptoAmount: received, aggregatedCryptoAmount: received };
  // The payment fields describe the transfer that confirmed the payment; later top-ups only add up.
  if (pi.paymentTxHash === null) {
    Object.assign(paymentChanges, { payerAddress, paymentTxHash: txHash, paymentTxTimestamp: timestamp });
  }

  if (effect === "record") {
    await tx.update(paymentIntents).set({ ...paymentChanges, updatedAt: transfer.now ?? new Date() }).where(eq(paymentIntents.id, pi.id));
  } else {
    const reason =
      effect === "confirm_payment"
        ? `payment of ${amount} ${pi.tokenSymbol} confirmed (${txHash})`
        : `${amount} ${pi.tokenSymbol} arrived after the payment deadline (${txHash}); needs manual review`;
    await transitionInvoice(tx, {
      current,
      action: effect,
      operatorUid: "system",
      reason,
      payment: { receivedUnits, dueUnits: facts.dueUnits },
      paymentChanges,
      now: transfer.now,
    });
  }
  return {
    invoiceId: current.invoice.id,
    transfer: { tx_hash: txHash, amount, payer_address: payerAddress, timestamp, payment_address: pi.paymentAddress },
  };
}

function transferUnits(amount: string, decimals: number): bigint {
  let units: bigint;
  try {
    units = parseUnits(amount, decimals);
  } catch (error) {
    if (error instanceof AmountFormatError) throw fieldError("amount", `must be a decimal with at most ${decimals} places`);
    throw error;
  }
  if (units <= 0n) throw fieldError("amount", "must be greater than zero");
  return units;
}

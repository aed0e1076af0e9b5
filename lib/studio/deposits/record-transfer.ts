import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { chainTransfers, paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { fieldError, notFound, StudioError } from "@/lib/studio/core/errors";
import { AmountFormatError, formatUnits, parseUnits } from "@/lib/studio/core/money";
import { findChain } from "@/lib/studio/chain/registry";
import { randomAddress, randomTxHash } from "@/lib/studio/chain/addresses";
import { requireAddressFor } from "@/lib/studio/chain/require-address";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import { coversDue, receivedFacts } from "@/lib/studio/payment-intents/status";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { lockIntentByPayment, type AnyOwner, type Intent, type OwnerTable } from "@/lib/studio/workflow/owner";
import { SYSTEM_OPERATOR, transition } from "@/lib/studio/workflow/transition";
import { WORKFLOW_OWNERS } from "@/lib/studio/workflow/owners";
import { z } from "zod";
import { invoiceRecordSchema } from "@/lib/studio/invoices/serialize";
import { payoutRecordSchema } from "@/lib/studio/payouts/serialize";
import { standalonePaymentRecordSchema } from "@/lib/studio/standalone-payments/serialize";
import { address, amountText, txHash, unixTime } from "@/lib/studio/core/records";

/** The transfer as recorded, and the record that owns the deposit under its own name. */
export const sandboxResultSchema = z.object({
  transfer: z.object({
    tx_hash: txHash,
    amount: amountText(),
    payer_address: address(),
    timestamp: unixTime,
    payment_address: address("0x2f1bE2a1b3C4d5E6f708192A3b4C5d6E7f809102"),
  }),
  invoice: invoiceRecordSchema.optional(),
  payout: payoutRecordSchema.optional(),
  payment_intent: standalonePaymentRecordSchema.optional(),
});
export type TransferResult = z.infer<typeof sandboxResultSchema>;
export type TransferRecord = TransferResult["transfer"];

export type IncomingTransfer = {
  orgId: number;
  /** Which deposit the funds went to. */
  to: { paymentAddress: string } | { paymentIntentId: string };
  amount: string;
  payerAddress?: string;
  /** Unix seconds of confirmation; defaults to now. */
  timestamp?: number;
  txHash?: string;
  /** Compliance screening flagged the payer: the funds are held for review (aml_hold). */
  complianceFlagged?: boolean;
  /** When the service learns of it (the log time); the demo seed back-dates it. */
  now?: Date;
};

/**
 * A confirmed transfer into a deposit address, handed to the record that owns it. Every transfer
 * is stored and summed into received/aggregated amounts; only what the owner's state table says
 * moves the status (the first on-time payment, the on-time top-up that completes an underpaid
 * amount, or late funds), with operator `system`.
 */
export function recordTransfer(transfer: IncomingTransfer): Promise<TransferResult> {
  return inTransaction(async (tx) => {
    const paymentIntentId = await depositOf(tx, transfer);
    for (const owner of WORKFLOW_OWNERS) {
      // The owner's row is locked before the payment intent, in the order every status change takes.
      const current = await lockIntentByPayment(tx, owner, paymentIntentId);
      if (current) return applyTransfer(tx, owner, current, transfer);
    }
    throw notFound(`Payment intent ${paymentIntentId}`);
  });
}

async function depositOf(tx: Tx, transfer: IncomingTransfer): Promise<string> {
  const byAddress = "paymentAddress" in transfer.to;
  const [found] = await tx
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        "paymentAddress" in transfer.to
          ? eq(paymentIntents.paymentAddress, transfer.to.paymentAddress)
          : eq(paymentIntents.id, transfer.to.paymentIntentId),
        eq(paymentIntents.orgId, transfer.orgId),
      ),
    )
    .limit(1);
  if (!found) {
    throw byAddress
      ? notFound(`Payment address ${(transfer.to as { paymentAddress: string }).paymentAddress}`)
      : notFound(`Payment intent ${(transfer.to as { paymentIntentId: string }).paymentIntentId}`);
  }
  return found.id;
}

async function applyTransfer(tx: Tx, owner: AnyOwner, current: Intent<OwnerTable>, transfer: IncomingTransfer): Promise<TransferResult> {
  const pi = current.paymentIntent;
  const status = current.row.status;
  const chain = findChain(pi.chainId);
  if (!chain) throw new Error(`payment intent ${pi.id} is on unknown chain ${pi.chainId}`);
  const amountUnits = transferUnits(transfer.amount, pi.decimals);
  const payerAddress = transfer.payerAddress
    ? requireAddressFor(pi.chainId, "payer_address", transfer.payerAddress)
    : randomAddress(chain.family);
  const now = transfer.now ?? new Date();
  const timestamp = transfer.timestamp ?? Math.floor(now.getTime() / 1000);
  const late = pi.paymentDeadline !== null && timestamp > pi.paymentDeadline;
  const facts = receivedFacts(pi);
  const receivedUnits = facts.receivedUnits + amountUnits;
  // A flagged payer's funds to a record still waiting for them are held for compliance review,
  // on time or not; funds to a record already past that point are recorded like any other.
  const effect = owner.machine.transferEffect(status, {
    late: late || (transfer.complianceFlagged ?? false),
    covers: coversDue({ receivedUnits, dueUnits: facts.dueUnits }),
  });
  const amlHold = transfer.complianceFlagged === true && effect === "flag_payment";
  if (effect === "refuse" || !pi.paymentAddress) {
    throw new StudioError(
      "invalid_state",
      `Payment address of ${owner.machine.noun} ${current.row.id} does not accept funds (current status: ${status})`,
    );
  }

  const txHash = transfer.txHash ?? randomTxHash(chain.family);
  const amount = formatUnits(amountUnits, pi.decimals);
  await tx.insert(chainTransfers).values({ orgId: pi.orgId, paymentIntentId: pi.id, txHash, payerAddress, amount, txTimestamp: timestamp });
  const received = formatUnits(receivedUnits, pi.decimals);
  const paymentChanges: Partial<PaymentIntentRow> = { receivedCryptoAmount: received, aggregatedCryptoAmount: received };
  // The payment fields describe the transfer that confirmed the payment; later top-ups only add up.
  if (pi.paymentTxHash === null) Object.assign(paymentChanges, { payerAddress, paymentTxHash: txHash, paymentTxTimestamp: timestamp });

  let after: Intent<OwnerTable>;
  if (effect === "record") {
    const [updated] = await tx
      .update(paymentIntents)
      .set({ ...paymentChanges, updatedAt: now })
      .where(eq(paymentIntents.id, pi.id))
      .returning();
    after = { row: current.row, paymentIntent: updated ?? pi };
  } else {
    const reason = amlHold
      ? `${amount} ${pi.tokenSymbol} from ${payerAddress} held for compliance review (${txHash})`
      : effect === "flag_payment"
        ? `${amount} ${pi.tokenSymbol} arrived after the payment deadline (${txHash}); needs manual review`
        : `payment of ${amount} ${pi.tokenSymbol} confirmed (${txHash})`;
    after = await transition(tx, owner, {
      current,
      action: effect,
      operatorUid: SYSTEM_OPERATOR,
      reason,
      payment: { receivedUnits, dueUnits: facts.dueUnits, heldForCompliance: amlHold },
      paymentChanges,
      now,
    });
    if (owner.onFunded) after = await owner.onFunded(tx, after, now);
  }
  return {
    transfer: { tx_hash: txHash, amount, payer_address: payerAddress, timestamp, payment_address: pi.paymentAddress },
    [owner.type]: owner.serialize(after.row, after.paymentIntent),
  } as TransferResult;
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

import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { fieldError } from "@/lib/studio/errors";
import { formatUnits } from "@/lib/studio/money";
import { chainAdapter } from "@/lib/studio/chain/adapter";
import { findChain } from "@/lib/studio/chain/registry";
import { requireAddressFor } from "@/lib/studio/chain/require-address";
import type { SignInput } from "@/lib/studio/invoices/schemas";
import { receivedFacts } from "@/lib/studio/invoices/received";
import {
  assertTransition,
  getInvoiceOrThrow,
  lockInvoiceOrThrow,
  transitionInvoice,
  type PaymentIntentRow,
} from "@/lib/studio/invoices/queries";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// POST /invoice/intent/{id}/sign: settles the funds to the payout target; an overpayment's excess
// goes back to `refund_address` in the same step.
export async function signInvoice(input: { principal: Principal; id: string; request: SignInput | undefined; now?: Date }) {
  const { principal, id } = input;
  const request = input.request ?? {};
  const database = await db();
  await database.transaction(async (tx) => {
    const current = await lockInvoiceOrThrow(tx, principal.orgId, id);
    assertTransition(current, "sign");
    const pi = current.paymentIntent;
    const chain = findChain(pi.chainId);
    if (!chain) throw new Error(`invoice ${id} is on unknown chain ${pi.chainId}`);
    const { receivedUnits, dueUnits } = receivedFacts(pi);
    const excessUnits = receivedUnits > dueUnits ? receivedUnits - dueUnits : 0n;
    if (excessUnits > 0n && !request.refund_address) {
      throw fieldError(
        "refund_address",
        `is required: received ${formatUnits(receivedUnits, pi.decimals)} ${pi.tokenSymbol} exceeds crypto_amount ` +
          `${formatUnits(dueUnits, pi.decimals)} ${pi.tokenSymbol}, and the excess must be refunded`,
      );
    }
    if (request.refund_address) requireAddressFor(pi.chainId, "refund_address", request.refund_address);

    const adapter = chainAdapter();
    const settledUnits = receivedUnits - excessUnits;
    const settlement = await adapter.send({
      chain,
      tokenAddress: pi.tokenAddress,
      to: payoutTarget(pi),
      amount: formatUnits(settledUnits, pi.decimals),
    });
    const paymentChanges: Partial<PaymentIntentRow> = {
      aggregationTxHash: settlement.txHash,
      aggregationTxTimestamp: settlement.timestamp,
      finalizedTimestamp: settlement.timestamp,
    };
    let reason = "signed";
    if (excessUnits > 0n && request.refund_address) {
      const excess = formatUnits(excessUnits, pi.decimals);
      const refund = await adapter.send({ chain, tokenAddress: pi.tokenAddress, to: request.refund_address, amount: excess });
      Object.assign(paymentChanges, {
        partialRefundTxHash: refund.txHash,
        partialRefundAmount: excess,
        partialRefundAddress: request.refund_address,
        refundAddress: request.refund_address,
        refundReason: request.refund_reason ?? null,
        refundAttachments: request.refund_attachments ?? null,
      } satisfies Partial<PaymentIntentRow>);
      reason = `signed; excess ${excess} ${pi.tokenSymbol} refunded to ${request.refund_address}`;
      if (request.refund_reason) reason += ` (${request.refund_reason})`;
    }
    await transitionInvoice(tx, { current, action: "sign", now: input.now, operatorUid: principal.uid, reason, paymentChanges });
  });
  const signed = await getInvoiceOrThrow(database, principal.orgId, id);
  return serializeInvoice(signed.invoice, signed.paymentIntent);
}

/** Where settled funds go: the chain family's payout address, else the legacy single address. */
function payoutTarget(pi: PaymentIntentRow): string {
  const family = findChain(pi.chainId)?.family;
  const byFamily =
    family === "sol" ? pi.payoutTargetSolAddress : family === "tron" ? pi.payoutTargetTronAddress : pi.payoutTargetAddress;
  return byFamily ?? (family ? pi.payoutAddresses[family] : undefined) ?? pi.payoutTargetAddress ?? "organization treasury";
}

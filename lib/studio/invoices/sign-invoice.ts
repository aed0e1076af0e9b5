import "server-only";
import { settlementTarget } from "@/lib/studio/payment-intents/payout-targets";
import type { Principal } from "@/lib/studio/auth/principal";
import { fieldError } from "@/lib/studio/core/errors";
import { formatUnits } from "@/lib/studio/core/money";
import { findChain } from "@/lib/studio/chain/registry";
import { requireAddressFor } from "@/lib/studio/chain/require-address";
import { planSend } from "@/lib/studio/chain/sends";
import { creditFromPayment } from "@/lib/studio/balances/ledger";
import { treasuryAddress } from "@/lib/studio/payment-intents/deposit-address";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import { receivedFacts } from "@/lib/studio/payment-intents/status";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { lockIntentOrThrow } from "@/lib/studio/workflow/owner";
import { assertTransition, transition } from "@/lib/studio/workflow/transition";
import type { SignInput } from "@/lib/studio/invoices/schemas";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// POST /invoice/intent/{id}/sign: settles the funds to the payout target (or the organization's
// treasury, crediting its balance); an overpayment's excess goes back to `refund_address`.
export function signInvoice(input: { principal: Principal; id: string; request: SignInput | undefined; now?: Date }) {
  const { principal, id } = input;
  const request = input.request ?? {};
  const now = input.now ?? new Date();
  return inTransaction(async (tx) => {
    const current = await lockIntentOrThrow(tx, invoiceOwner, principal.orgId, id);
    const pi = current.paymentIntent;
    assertTransition(invoiceOwner, current, "sign", receivedFacts(pi));
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
    // Without an excess nothing is refunded: refund_address, refund_reason and refund_attachments are
    // ignored alike (issue 22 §3), and nothing of them is stored. With one, the address must fit the chain.
    if (excessUnits > 0n && request.refund_address) requireAddressFor(pi.chainId, "refund_address", request.refund_address);

    const send = (purpose: "settlement" | "partial_refund", to: string, units: bigint) =>
      planSend(tx, { orgId: pi.orgId, paymentIntentId: pi.id, purpose, chain, tokenAddress: pi.tokenAddress, to, amount: formatUnits(units, pi.decimals), now });
    const settledUnits = receivedUnits - excessUnits;
    const target = settlementTarget(pi, chain);
    const settlement = await send("settlement", target ?? (await treasuryAddress(tx, pi.orgId, pi.chainId)), settledUnits);
    if (!target) await creditFromPayment(tx, { paymentIntent: pi, units: settledUnits, kind: "invoice_settlement", now });
    const paymentChanges: Partial<PaymentIntentRow> = {
      aggregationTxHash: settlement.txHash,
      aggregationTxTimestamp: settlement.timestamp,
      finalizedTimestamp: settlement.timestamp,
    };
    let reason = "signed";
    if (excessUnits > 0n && request.refund_address) {
      const excess = formatUnits(excessUnits, pi.decimals);
      const refund = await send("partial_refund", request.refund_address, excessUnits);
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
    const signed = await transition(tx, invoiceOwner, { current, action: "sign", now, operatorUid: principal.uid, reason, paymentChanges });
    return serializeInvoice(signed.row, signed.paymentIntent);
  });
}


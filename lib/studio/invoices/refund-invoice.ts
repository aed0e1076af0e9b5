import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { formatUnits } from "@/lib/studio/money";
import { chainAdapter } from "@/lib/studio/chain/adapter";
import { findChain } from "@/lib/studio/chain/registry";
import { requireAddressFor } from "@/lib/studio/chain/require-address";
import type { RefundInput } from "@/lib/studio/invoices/schemas";
import { receivedFacts } from "@/lib/studio/invoices/received";
import { assertTransition, getInvoiceOrThrow, lockInvoiceOrThrow, transitionInvoice } from "@/lib/studio/invoices/queries";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// POST /invoice/intent/{id}/refund: everything received goes back to the payer's chosen address.
export async function refundInvoice(input: { principal: Principal; id: string; request: RefundInput; now?: Date }) {
  const { principal, id, request } = input;
  const database = await db();
  await database.transaction(async (tx) => {
    const current = await lockInvoiceOrThrow(tx, principal.orgId, id);
    assertTransition(current, "refund");
    const pi = current.paymentIntent;
    const chain = findChain(pi.chainId);
    if (!chain) throw new Error(`invoice ${id} is on unknown chain ${pi.chainId}`);
    requireAddressFor(pi.chainId, "refund_address", request.refund_address);
    const amount = formatUnits(receivedFacts(pi).receivedUnits, pi.decimals);
    const refund = await chainAdapter().send({ chain, tokenAddress: pi.tokenAddress, to: request.refund_address, amount });
    await transitionInvoice(tx, {
      current,
      action: "refund",
      now: input.now,
      operatorUid: principal.uid,
      reason: request.refund_reason,
      underpaid: current.invoice.status === "underpaid",
      paymentChanges: {
        refundTxHash: refund.txHash,
        refundCryptoAmount: amount,
        refundAddress: request.refund_address,
        refundReason: request.refund_reason,
        refundAttachments: request.refund_attachments,
      },
    });
  });
  const refunded = await getInvoiceOrThrow(database, principal.orgId, id);
  return serializeInvoice(refunded.invoice, refunded.paymentIntent);
}

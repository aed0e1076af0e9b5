"use client";
import { Amount } from "@/components/payments/amount";
import { approveAction, DialogInput, refundAction, rejectAction, WorkflowActions, type ActionSpec } from "@/components/payments/workflow-actions";
import { useViewer } from "@/components/providers";
import { paymentDifference } from "@/lib/console/payment-math";
import { INVOICES } from "@/lib/console/resources";
import type { Invoice } from "@/lib/console/types";
import { INVOICE_ACTIONS, permittedActions, type InvoiceActionName, type PostedAction } from "@/lib/workflow/actions";

export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const viewer = useViewer();
  return <WorkflowActions resource={INVOICES} id={invoice.id} actions={permittedActions("invoice", invoice, viewer)} specs={invoiceSpecs(invoice)} declarations={INVOICE_ACTIONS} />;
}

function invoiceSpecs(invoice: Invoice): Record<PostedAction<InvoiceActionName>, ActionSpec> {
  const pi = invoice.payment_intent;
  const difference = paymentDifference(pi);
  const overpaid = difference?.sign === 1;
  return {
    approve: approveAction(
      INVOICES,
      <>
        Approve {invoice.invoice_id} for <Amount value={pi.crypto_amount} unit={pi.symbol} />? A payment address goes live for the recipient.
      </>,
    ),
    reject: rejectAction(INVOICES),
    cancel: {
      label: "Cancel invoice",
      tone: "secondary",
      title: "Cancel invoice",
      done: "Invoice cancelled",
      body: <DialogInput name="reason" label="Reason (optional)" multiline />,
      request: (text) => (text("reason") ? { reason: text("reason") } : {}),
    },
    sign: {
      label: "Sign",
      tone: "primary",
      title: "Sign off invoice",
      done: "Invoice signed",
      body: overpaid ? (
        <>
          <p className="text-sm text-slate-700">
            The payer sent <Amount value={pi.received_crypto_amount ?? ""} unit={pi.symbol} /> for <Amount value={pi.crypto_amount} unit={pi.symbol} />. The
            excess of{" "}
            <strong data-testid="sign-excess">
              <Amount value={difference.difference} unit={pi.symbol} />
            </strong>{" "}
            is refunded to the address below.
          </p>
          <DialogInput name="refund_address" label="Refund address" required />
        </>
      ) : (
        <p className="text-sm text-slate-700">Sign off {invoice.invoice_id}? The received funds settle to the payout target.</p>
      ),
      request: (text) => {
        if (!overpaid) return {};
        return text("refund_address") ? { refund_address: text("refund_address") } : "A refund address is required for the excess.";
      },
    },
    refund: refundAction(),
  };
}

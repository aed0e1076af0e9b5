"use client";
import { useTranslations } from "next-intl";
import { Amount } from "@/components/payments/amount";
import { approveAction, DialogInput, refundAction, rejectAction, WorkflowActions, type ActionSpec } from "@/components/payments/workflow-actions";
import { useViewer } from "@/components/providers";
import { paymentDifference } from "@/lib/console/payment-math";
import { INVOICES } from "@/lib/console/resources";
import type { Invoice } from "@/lib/console/types";
import { INVOICE_ACTIONS, permittedActions, type InvoiceActionName, type PostedAction } from "@/lib/workflow/actions";

export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const viewer = useViewer();
  const t = useTranslations("actions");
  return <WorkflowActions resource={INVOICES} id={invoice.id} actions={permittedActions("invoice", invoice, viewer)} specs={invoiceSpecs(invoice, t)} declarations={INVOICE_ACTIONS} />;
}

function invoiceSpecs(invoice: Invoice, t: ReturnType<typeof useTranslations<"actions">>): Record<PostedAction<InvoiceActionName>, ActionSpec> {
  const pi = invoice.payment_intent;
  const difference = paymentDifference(pi);
  const overpaid = difference?.sign === 1;
  return {
    approve: approveAction(
      INVOICES,
      t.rich("approveInvoiceSentence", { id: invoice.invoice_id, amount: () => <Amount value={pi.crypto_amount} unit={pi.symbol} /> }),
    ),
    reject: rejectAction(INVOICES),
    cancel: {
      label: "Cancel invoice",
      tone: "secondary",
      title: "Cancel invoice",
      done: "Invoice cancelled",
      body: <DialogInput name="reason" label="Reason (optional)" labelKey="reasonOptional" multiline />,
      request: (text) => (text("reason") ? { reason: text("reason") } : {}),
      messages: { key: "cancelInvoice" },
    },
    sign: {
      label: "Sign",
      tone: "primary",
      title: "Sign off invoice",
      done: "Invoice signed",
      body: overpaid ? (
        <>
          <p className="text-sm text-slate-700">
            {t.rich("signOverpaidSentence", {
              received: () => <Amount value={pi.received_crypto_amount ?? ""} unit={pi.symbol} />,
              due: () => <Amount value={pi.crypto_amount} unit={pi.symbol} />,
              excess: () => (
                <strong data-testid="sign-excess">
                  <Amount value={difference.difference} unit={pi.symbol} />
                </strong>
              ),
            })}
          </p>
          <DialogInput name="refund_address" label="Refund address" labelKey="refundAddress" required />
        </>
      ) : (
        <p className="text-sm text-slate-700">{t("signInvoiceSentence", { id: invoice.invoice_id })}</p>
      ),
      request: (text) => {
        if (!overpaid) return {};
        return text("refund_address") ? { refund_address: text("refund_address") } : "A refund address is required for the excess.";
      },
      messages: { key: "signInvoice" },
    },
    refund: refundAction(),
  };
}

"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useViewer } from "@/components/providers";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { availableActions, type ConsoleAction } from "@/lib/console/actions";
import { apiFetch, ApiError } from "@/lib/console/api";
import { paymentDifference } from "@/lib/console/payment-math";
import type { Invoice } from "@/lib/console/types";

type WorkflowAction = Exclude<ConsoleAction, "edit">;

const TITLES: Record<WorkflowAction, string> = {
  approve: "Approve invoice",
  reject: "Reject invoice",
  cancel: "Cancel invoice",
  sign: "Sign off invoice",
  refund: "Refund payment",
};
const DONE: Record<WorkflowAction, string> = {
  approve: "Invoice approved",
  reject: "Invoice rejected",
  cancel: "Invoice cancelled",
  sign: "Invoice signed",
  refund: "Refund recorded",
};
const BUTTON: Record<WorkflowAction, { label: string; tone: keyof typeof buttonClass }> = {
  approve: { label: "Approve", tone: "primary" },
  reject: { label: "Reject", tone: "danger" },
  cancel: { label: "Cancel invoice", tone: "secondary" },
  sign: { label: "Sign", tone: "primary" },
  refund: { label: "Refund", tone: "secondary" },
};

export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const viewer = useViewer();
  const [open, setOpen] = useState<WorkflowAction | null>(null);
  const actions = availableActions(invoice, viewer);
  if (!actions.length) return null;
  return (
    <div className="flex flex-wrap gap-2" aria-label="Invoice actions" role="group">
      {actions.map((action) =>
        action === "edit" ? (
          <Link key={action} href={`/invoices/${invoice.id}/edit`} className={buttonClass.secondary}>
            Edit
          </Link>
        ) : (
          <button key={action} type="button" className={buttonClass[BUTTON[action].tone]} onClick={() => setOpen(action)}>
            {BUTTON[action].label}
          </button>
        ),
      )}
      {open ? <ActionDialog action={open} invoice={invoice} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function ActionDialog({ action, invoice, onClose }: { action: WorkflowAction; invoice: Invoice; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const pi = invoice.payment_intent;
  const difference = paymentDifference(pi);
  const overpaid = difference?.sign === 1;
  const mutation = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch(`/api/invoices/${encodeURIComponent(invoice.id)}/${action}`, { method: "POST", body }),
    onSuccess: async () => {
      toast(DONE[action]);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ["invoices"] });
    },
  });
  const apiError = mutation.error instanceof ApiError ? mutation.error : null;

  return (
    <Dialog open onClose={() => !mutation.isPending && onClose()} title={TITLES[action]}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const text = (key: string) => String(form.get(key) ?? "").trim();
          setFieldError(null);
          if (action === "reject") {
            if (!text("reason")) return setFieldError("A reason is required to reject an invoice.");
            return mutation.mutate({ reason: text("reason") });
          }
          if (action === "cancel") return mutation.mutate(text("reason") ? { reason: text("reason") } : {});
          if (action === "sign") {
            if (overpaid && !text("refund_address")) return setFieldError("A refund address is required for the excess.");
            return mutation.mutate(overpaid ? { refund_address: text("refund_address") } : {});
          }
          if (action === "refund") {
            if (!text("refund_address") || !text("refund_reason")) {
              return setFieldError("A refund address and a reason are required.");
            }
            const attachments = text("refund_attachments").split(",").map((id) => id.trim()).filter(Boolean);
            return mutation.mutate({
              refund_address: text("refund_address"),
              refund_reason: text("refund_reason"),
              refund_attachments: attachments,
            });
          }
          mutation.mutate({});
        }}
      >
        {action === "approve" ? (
          <p className="text-sm text-slate-700">
            Approve {invoice.invoice_id} for {pi.crypto_amount} {pi.symbol}? A payment address goes live for the recipient.
          </p>
        ) : null}
        {action === "reject" || action === "cancel" ? (
          <div>
            <label htmlFor="action-reason" className={labelClass}>
              Reason{action === "cancel" ? " (optional)" : ""}
            </label>
            <textarea
              id="action-reason"
              name="reason"
              rows={3}
              required={action === "reject"}
              aria-invalid={fieldError ? true : undefined}
              className={inputClass}
            />
          </div>
        ) : null}
        {action === "sign" ? (
          overpaid ? (
            <>
              <p className="text-sm text-slate-700">
                The payer sent {pi.received_crypto_amount} {pi.symbol} for {pi.crypto_amount} {pi.symbol}. The excess of{" "}
                <strong data-testid="sign-excess">
                  {difference?.difference} {pi.symbol}
                </strong>{" "}
                is refunded to the address below.
              </p>
              <div>
                <label htmlFor="action-refund-address" className={labelClass}>
                  Refund address
                </label>
                <input id="action-refund-address" name="refund_address" required aria-invalid={fieldError ? true : undefined} className={inputClass} />
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-700">
              Sign off {invoice.invoice_id}? The received funds settle to the payout target.
            </p>
          )
        ) : null}
        {action === "refund" ? (
          <>
            <div>
              <label htmlFor="action-refund-address" className={labelClass}>
                Refund address
              </label>
              <input id="action-refund-address" name="refund_address" required className={inputClass} />
            </div>
            <div>
              <label htmlFor="action-refund-reason" className={labelClass}>
                Reason
              </label>
              <textarea id="action-refund-reason" name="refund_reason" rows={2} required className={inputClass} />
            </div>
            <div>
              <label htmlFor="action-refund-attachments" className={labelClass}>
                Attachment file ids (optional, comma-separated)
              </label>
              <input id="action-refund-attachments" name="refund_attachments" className={inputClass} />
            </div>
          </>
        ) : null}
        {fieldError || apiError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {fieldError ?? apiError?.message}
            {apiError?.body.errors?.map((issue) => (
              <span key={issue.field} className="block">
                {issue.field}: {issue.message}
              </span>
            ))}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={mutation.isPending}>
            Back
          </button>
          <button type="submit" className={buttonClass[BUTTON[action].tone]} disabled={mutation.isPending}>
            {mutation.isPending ? "Working…" : `Confirm ${BUTTON[action].label.toLowerCase()}`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

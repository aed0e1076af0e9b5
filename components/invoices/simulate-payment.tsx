"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useViewer } from "@/components/providers";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/console/api";
import type { Invoice } from "@/lib/console/types";

/** Sandbox chain only: pay the invoice's address with any amount, as a payer would. */
export function SimulatePayment({ invoice }: { invoice: Invoice }) {
  const viewer = useViewer();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (amount: string) =>
      apiFetch("/api/sandbox/pay", { method: "POST", body: { payment_intent_id: invoice.payment_intent.payment_intent_id, amount } }),
    onSuccess: async () => {
      toast("Sandbox payment sent");
      await queryClient.invalidateQueries({ queryKey: ["invoices"] });
    },
    onError: (error) => toast(error.message, "error"),
  });
  const canWrite = viewer.permissions.some((permission) => permission !== "transfer:read");
  if (!viewer.sandbox || !canWrite || invoice.status !== "approved" || !invoice.payment_intent.payment_address) return null;
  return (
    <form
      className="space-y-2 rounded-md border border-dashed border-amber-400 bg-amber-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const amount = String(new FormData(event.currentTarget).get("amount") ?? "").trim();
        if (amount) mutation.mutate(amount);
      }}
    >
      <p className="text-sm font-medium text-amber-900">Sandbox</p>
      <label htmlFor="simulate-amount" className={labelClass}>
        Amount to pay ({invoice.payment_intent.symbol})
      </label>
      <input
        id="simulate-amount"
        name="amount"
        inputMode="decimal"
        defaultValue={invoice.payment_intent.crypto_amount}
        className={inputClass}
      />
      <button type="submit" className={buttonClass.secondary} disabled={mutation.isPending}>
        {mutation.isPending ? "Paying…" : "Simulate payment"}
      </button>
    </form>
  );
}

"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useViewer } from "@/components/providers";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/console/api";
import type { Resource } from "@/lib/console/resources";
import { useActionKeys } from "@/lib/console/use-action-keys";
import type { PaymentIntent } from "@/lib/console/types";

/** Sandbox chain only: pay a live payment address with any amount, as a payer (or a payout's funder) would. */
export function SimulatePayment({ resource, paymentIntent }: { resource: Resource; paymentIntent: PaymentIntent }) {
  const viewer = useViewer();
  const toast = useToast();
  const t = useTranslations("record");
  const queryClient = useQueryClient();
  const keys = useActionKeys<"pay">();
  const mutation = useMutation({
    mutationFn: ({ amount, key }: { amount: string; key: string }) =>
      apiFetch("/api/sandbox/pay", { method: "POST", body: { payment_intent_id: paymentIntent.payment_intent_id, amount }, idempotencyKey: key }),
    onSuccess: async () => {
      keys.done("pay");
      toast(t("sandboxSent"));
      await queryClient.invalidateQueries({ queryKey: [resource.key] });
    },
    onError: (error) => toast(error.message, "error"),
  });
  // The Studio lets only people who may move funds use the sandbox chain.
  if (!viewer.sandbox || !viewer.permissions.includes("transfer:sign")) return null;
  return (
    <form
      className="space-y-2 rounded-md border border-dashed border-amber-400 bg-amber-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const amount = String(new FormData(event.currentTarget).get("amount") ?? "").trim();
        if (amount) mutation.mutate({ amount, key: keys.keyFor("pay") });
      }}
    >
      <p className="text-sm font-medium text-amber-900">{t("sandbox")}</p>
      <label htmlFor="simulate-amount" className={labelClass}>
        {t("amountToPay", { symbol: paymentIntent.symbol })}
      </label>
      <input id="simulate-amount" name="amount" inputMode="decimal" defaultValue={paymentIntent.crypto_amount} className={inputClass} />
      <button type="submit" className={buttonClass.secondary} disabled={mutation.isPending}>
        {mutation.isPending ? t("paying") : t("simulate")}
      </button>
    </form>
  );
}

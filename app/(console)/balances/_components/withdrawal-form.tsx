"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { errorAt, Select } from "@/components/forms/fields";
import { Amount } from "@/components/payments/amount";
import { Code, Section, Total } from "@/components/payments/detail";
import { TxHash } from "@/components/payments/tx-hash";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { StepUpForm } from "@/components/ui/step-up-form";
import { apiFetch, ApiError, isStepUpRequired } from "@/lib/console/api";
import type { Balance, Transfer } from "@/lib/console/types";
import { useActionKeys } from "@/lib/console/use-action-keys";
import { available, remainingAfter, withdrawalFormSchema, withdrawalRequest, type WithdrawalRequest, type WithdrawalValues } from "@/lib/console/withdrawal";
import { findChain, findToken, type TokenSymbol } from "@/lib/studio/chain/registry";
import { DialogActions } from "@/components/ui/dialog-actions";

// The API names the token by its contract; the form by its symbol.
const FORM_FIELD: Record<string, keyof WithdrawalValues> = { contract_address: "token" };

/**
 * Withdraw to an outside wallet (transfer:sign): pick the chain and token, type the amount (or
 * take all of it with "Max") and the destination, checked as typed; a confirmation shows exactly
 * what leaves, and the result its transaction hash.
 */
export function WithdrawalForm({ balances }: { balances: Balance[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const t = useTranslations("balances");
  const tActions = useTranslations("actions");
  const schema = useMemo(() => withdrawalFormSchema(balances), [balances]);
  const start = balances.find((balance) => balance.amount !== "0") ?? balances[0];
  const form = useForm<WithdrawalValues>({
    mode: "onChange",
    resolver: zodResolver(schema) as unknown as Resolver<WithdrawalValues>,
    defaultValues: { chain_id: start?.chain_id ?? "arb", token: (start?.symbol ?? "USDC") as TokenSymbol, amount: "", wallet_address: "" },
  });
  const { register, control, handleSubmit, setValue, setError, formState } = form;
  const [chainId, symbol] = useWatch({ control, name: ["chain_id", "token"] });
  const [confirming, setConfirming] = useState<WithdrawalRequest | null>(null);
  const [result, setResult] = useState<Transfer | null>(null);
  // One key per withdrawal as confirmed: a retry of the same one is replayed, a changed one is new.
  const keys = useActionKeys<string>();
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: WithdrawalRequest; key: string }) =>
      apiFetch<{ data: Transfer }>("/api/withdrawals", { method: "POST", body, idempotencyKey: key }),
    onSuccess: async ({ data }, { body }) => {
      keys.done(JSON.stringify(body));
      setResult(data);
      setConfirming(null);
      toast(t(data.status === "awaiting_approval" ? "toastRequested" : "toastSubmitted"));
      form.reset({ chain_id: body.chain_id, token: data.symbol as TokenSymbol, amount: "", wallet_address: "" });
      await queryClient.invalidateQueries({ queryKey: ["balances"] });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const issue of error.body.errors ?? []) setError(FORM_FIELD[issue.field] ?? (issue.field as keyof WithdrawalValues), { type: "server", message: issue.message });
    },
  });

  const chains = [...new Set(balances.map((balance) => balance.chain_id))];
  const tokens = balances.filter((balance) => balance.chain_id === chainId).map((balance) => balance.symbol);
  const availableNow = available(balances, chainId, symbol);
  const chain = findChain(chainId);
  const token = findToken(chainId, symbol);
  const send = (variables: { body: WithdrawalRequest; key: string }) => {
    // A second click before the button re-renders disabled is dropped; a retry after a failure
    // reuses the key, so the Studio withdraws once.
    if (sending.current) return;
    sending.current = true;
    mutation.mutate(variables, { onSettled: () => void (sending.current = false) });
  };
  // Refused until the password is proved again: asked in the dialog, then the same request is sent again.
  const refused = isStepUpRequired(mutation.error) ? mutation.variables : undefined;
  const apiError = mutation.error instanceof ApiError ? mutation.error : null;
  const lostError = mutation.error && !apiError ? tActions("lost") : null;

  const field = (name: "amount" | "wallet_address") => {
    const error = errorAt(formState.errors, name);
    return { id: `withdraw-${name.replace("_", "-")}`, error, invalid: error ? true : undefined, describedBy: error ? `withdraw-${name.replace("_", "-")}-error` : undefined };
  };
  const amount = field("amount");
  const address = field("wallet_address");

  return (
    <Section id="withdraw" title={t("withdraw")} aside>
      <form
        noValidate
        aria-label={t("withdraw")}
        className="space-y-3"
        onSubmit={handleSubmit((values) => {
          mutation.reset();
          setConfirming(withdrawalRequest(values));
        })}
      >
        <Select
          id="withdraw-chain"
          label={t("chain")}
          error={errorAt(formState.errors, "chain_id")}
          {...register("chain_id", {
            onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
              const next = balances.find((balance) => balance.chain_id === event.target.value);
              if (next && !balances.some((balance) => balance.chain_id === next.chain_id && balance.symbol === symbol)) {
                setValue("token", next.symbol as TokenSymbol, { shouldValidate: true });
              }
            },
          })}
        >
          {chains.map((id) => (
            <option key={id} value={id}>
              {findChain(id)?.name ?? id}
            </option>
          ))}
        </Select>
        <Select id="withdraw-token" label={t("token")} error={errorAt(formState.errors, "token")} {...register("token")}>
          {tokens.map((tokenSymbol) => (
            <option key={tokenSymbol} value={tokenSymbol}>
              {tokenSymbol}
            </option>
          ))}
        </Select>
        <div>
          <label htmlFor={amount.id} className={labelClass}>
            {t("amountIn", { symbol })}
          </label>
          <div className="flex gap-2">
            <input
              id={amount.id}
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={amount.invalid}
              aria-describedby={[amount.describedBy, "withdraw-available"].filter(Boolean).join(" ")}
              className={inputClass}
              {...register("amount")}
            />
            <button
              type="button"
              className={`${buttonClass.secondary} whitespace-nowrap`}
              aria-label={t("maxLabel", { amount: availableNow, symbol })}
              onClick={() => setValue("amount", availableNow, { shouldValidate: true, shouldDirty: true })}
            >
              {t("max")}
            </button>
          </div>
          <p id="withdraw-available" className="mt-1 text-xs text-slate-600">
            {t.rich("availableNow", { amount: () => <Amount value={availableNow} unit={symbol} /> })}
          </p>
          {amount.error ? (
            <p id={amount.describedBy} className="mt-1 text-sm text-red-700">
              {amount.error}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={address.id} className={labelClass}>
            {t("destination")}
          </label>
          <input
            id={address.id}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={address.invalid}
            aria-describedby={address.describedBy}
            className={`${inputClass} font-mono`}
            {...register("wallet_address")}
          />
          {address.error ? (
            <p id={address.describedBy} className="mt-1 text-sm text-red-700">
              {address.error}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClass.primary}>
          {t("review")}
        </button>
      </form>

      {result ? <WithdrawalResult transfer={result} /> : null}

      <Dialog open={confirming !== null} onClose={() => !mutation.isPending && setConfirming(null)} title={t("confirmTitle")}>
        {refused ? (
          <StepUpForm onConfirmed={() => send(refused)} onBack={() => mutation.reset()} />
        ) : confirming ? (
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              send({ body: confirming, key: keys.keyFor(JSON.stringify(confirming)) });
            }}
          >
            <p className="text-sm text-slate-700">{t("irreversible")}</p>
            <dl className="space-y-1.5 text-sm" data-testid="withdrawal-confirmation">
              <Total label={t("amount")} testKey="Amount" strong>
                <Amount value={confirming.amount} unit={symbol} />
              </Total>
              <Total label={t("chain")} testKey="Chain">
                {chain?.name ?? confirming.chain_id}
              </Total>
              <Total label={t("tokenContract")} testKey="Token contract">
                <Code>{confirming.contract_address}</Code>
              </Total>
              <Total label={t("to")} testKey="To">
                <Code testId="confirm-address">{confirming.wallet_address}</Code>
              </Total>
              <Total label={t("leftAfter")} testKey="Left after">
                <Amount value={remainingAfter(availableNow, confirming.amount, token?.decimals ?? 0) ?? "—"} unit={symbol} />
              </Total>
            </dl>
            {apiError || lostError ? (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {apiError?.message ?? lostError}
              </p>
            ) : null}
            <DialogActions
              onLeave={() => setConfirming(null)}
              busy={mutation.isPending}
              tone="danger"
              confirm={mutation.isPending ? t("withdrawing") : t("withdrawAmount", { amount: confirming.amount, symbol })}
            />
          </form>
        ) : null}
      </Dialog>
    </Section>
  );
}

function WithdrawalResult({ transfer }: { transfer: Transfer }) {
  const t = useTranslations("balances");
  return (
    <div className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm" data-testid="withdrawal-result">
      <h3 className="font-medium text-emerald-900">{t(`resultTitle.${transfer.status}`)}</h3>
      {transfer.approval?.policy_step ? (
        <p className="mt-1 text-emerald-900" data-testid="withdrawal-policy-step">
          {t("policy", { required: transfer.approval.required, step: transfer.approval.policy_step })}
        </p>
      ) : null}
      <dl className="mt-2 space-y-1">
        <Total label={transfer.tx_hash ? t("sentAmount") : t("requestedAmount")} testKey={transfer.tx_hash ? "Sent" : "Requested"}>
          <Amount value={transfer.amount} unit={transfer.symbol} />
        </Total>
        <Total label={t("to")} testKey="To">
          <Code>{transfer.wallet_address}</Code>
        </Total>
        <Total label={t("withdrawalId")} testKey="Withdrawal id">
          <Code testId="withdrawal-id">{transfer.id}</Code>
        </Total>
      </dl>
      {transfer.tx_hash ? (
        <p className="mt-2">
          {t("transaction")} <TxHash chainId={transfer.chain_id} hash={transfer.tx_hash} testId="withdrawal-tx-hash" />
        </p>
      ) : null}
    </div>
  );
}

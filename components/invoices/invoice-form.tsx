"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { apiFetch, ApiError } from "@/lib/console/api";
import { liveTotals } from "@/lib/console/live-totals";
import type { Invoice } from "@/lib/console/types";
import { CHAINS, findChain, type TokenSymbol } from "@/lib/studio/chain/registry";
import { invoiceCreateSchema, invoiceUpdateSchema } from "@/lib/studio/invoices/schemas";
import { fiatCurrencies, pricingModes } from "@/lib/studio/payment-intents/schemas";

// The API's own schemas, narrowed to what a person types here: `amount` is computed from the
// line items, `creator` and `origin` are added by the console's server route.
const FORM_FIELDS = {
  recipient_name: true,
  recipient_email: true,
  organization_name: true,
  organization_email: true,
  description: true,
  payment_terms: true,
  invoice_issue_date: true,
  payment_method_type: true,
  chain: true,
  pay_token: true,
  detail_items: true,
} as const;
export const createFormSchema = invoiceCreateSchema.pick({ ...FORM_FIELDS, pricing_mode: true, currency: true });
export const editFormSchema = invoiceUpdateSchema.pick(FORM_FIELDS);
type FormValues = z.input<typeof createFormSchema>;

const optionalText = (value: unknown) => (value === "" || value === null ? undefined : value);
const optionalNumber = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));

export function InvoiceForm({ invoice }: { invoice?: Invoice }) {
  const editing = Boolean(invoice);
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(editing ? editFormSchema : createFormSchema) as unknown as Resolver<FormValues>,
    defaultValues: invoice
      ? {
          pricing_mode: invoice.payment_intent.pricing_mode,
          currency: invoice.currency ?? undefined,
          chain: invoice.payment_intent.payment_chain_id,
          pay_token: invoice.payment_intent.symbol as TokenSymbol,
          payment_method_type: invoice.payment_intent.payment_method_type === "fiat" ? "fiat" : "crypto",
          recipient_name: invoice.recipient_name,
          recipient_email: invoice.recipient_email,
          organization_name: invoice.organization_name,
          organization_email: invoice.organization_email,
          description: invoice.description ?? "",
          payment_terms: invoice.payment_terms,
          invoice_issue_date: invoice.invoice_issue_date.slice(0, 10),
          detail_items: invoice.detail_items,
        }
      : {
          pricing_mode: "fiat",
          currency: "USD",
          chain: "arb",
          pay_token: "USDC",
          payment_method_type: "crypto",
          payment_terms: 30,
          invoice_issue_date: new Date().toISOString().slice(0, 10),
          description: "",
          detail_items: [{ name: "", quantity: 1, unit_price: 0 }],
        },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const items = useFieldArray({ control, name: "detail_items" });
  const [watchedItems, pricingMode, chainId, token, currency] = useWatch({
    control,
    name: ["detail_items", "pricing_mode", "chain", "pay_token", "currency"],
  });
  const chain = findChain(chainId ?? "");
  const decimals = pricingMode === "crypto" ? (chain?.tokens[token as TokenSymbol]?.decimals ?? 6) : 2;
  const totals = liveTotals(watchedItems ?? [], decimals);
  const unit = pricingMode === "crypto" ? token : (currency ?? "USD");

  const mutation = useMutation({
    mutationFn: (values: FormValues) => {
      if (!invoice) {
        return apiFetch<{ data: Invoice }>("/api/invoices", { method: "POST", body: { ...values, amount: totals?.total } });
      }
      const { pricing_mode: _mode, currency: _currency, ...changes } = values;
      return apiFetch<{ data: Invoice }>(`/api/invoices/${encodeURIComponent(invoice.id)}`, { method: "PUT", body: changes });
    },
    onSuccess: async ({ data }) => {
      toast(editing ? "Invoice saved" : `Invoice ${data.invoice_id} created`);
      await queryClient.invalidateQueries({ queryKey: ["invoices"] });
      router.push(`/invoices/${data.id}`);
    },
    onError: (error) => {
      setFormError(error.message);
      if (error instanceof ApiError) {
        for (const issue of error.body.errors ?? []) {
          setError(issue.field as FieldPath<FormValues>, { type: "server", message: issue.message });
        }
      }
    },
  });

  const errorOf = (path: string): string | undefined => {
    let node: unknown = formState.errors;
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };
  const field = (name: FieldPath<FormValues>, label: string, options: { type?: string; number?: boolean } = {}) => {
    const error = errorOf(name);
    const id = `field-${name.replaceAll(".", "-")}`;
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <input
          id={id}
          type={options.type ?? "text"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
          {...register(name, { setValueAs: options.number ? optionalNumber : optionalText })}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      noValidate
      className="space-y-6"
      aria-label={editing ? "Edit invoice" : "New invoice"}
      onSubmit={handleSubmit((values) => {
        setFormError(null);
        mutation.mutate(values);
      })}
    >
      <section aria-labelledby="recipient-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="recipient-heading" className="text-base font-semibold">
          Recipient
        </h2>
        <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {field("recipient_name", "Recipient name")}
          {field("recipient_email", "Recipient email", { type: "email" })}
          {field("organization_name", "Organization name")}
          {field("organization_email", "Organization email", { type: "email" })}
        </div>
      </section>

      <section aria-labelledby="terms-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="terms-heading" className="text-base font-semibold">
          Pricing and payment
        </h2>
        <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Select id="field-pricing_mode" label="Pricing mode" disabled={editing} {...register("pricing_mode")}>
            {pricingModes.map((mode) => (
              <option key={mode} value={mode}>
                {mode === "fiat" ? "Fiat (priced in USD/TWD)" : "Crypto (priced in the token)"}
              </option>
            ))}
          </Select>
          {pricingMode === "fiat" ? (
            <Select id="field-currency" label="Currency" disabled={editing} {...register("currency", { setValueAs: optionalText })}>
              {fiatCurrencies.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </Select>
          ) : null}
          <Select id="field-chain" label="Chain" error={errorOf("chain")} {...register("chain")}>
            {CHAINS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </Select>
          <Select id="field-pay_token" label="Token" error={errorOf("pay_token")} {...register("pay_token")}>
            {(["USDC", "USDT"] as const).map((symbol) => (
              <option key={symbol} value={symbol} disabled={!chain?.tokens[symbol]}>
                {symbol}
                {chain?.tokens[symbol] ? "" : " (not on this chain)"}
              </option>
            ))}
          </Select>
          <Select id="field-payment_method_type" label="Settlement type" {...register("payment_method_type")}>
            <option value="crypto">Crypto</option>
            <option value="fiat">Fiat</option>
          </Select>
          {field("payment_terms", "Payment terms (days, 0 = on receipt)", { type: "number", number: true })}
          {field("invoice_issue_date", "Issue date", { type: "date" })}
        </div>
        <div className="mt-4">
          <label htmlFor="field-description" className={labelClass}>
            Description (optional)
          </label>
          <textarea id="field-description" rows={2} className={inputClass} {...register("description")} />
        </div>
      </section>

      <section aria-labelledby="items-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="items-heading" className="text-base font-semibold">
          Line items
        </h2>
        {errorOf("detail_items") || errorOf("detail_items.root") ? (
          <p className="mt-1 text-sm text-red-700">{errorOf("detail_items") ?? errorOf("detail_items.root")}</p>
        ) : null}
        <ul className="mt-3 space-y-3">
          {items.fields.map((item, index) => (
            <li key={item.id} className="grid grid-cols-2 gap-2 rounded-md border border-slate-100 p-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-start">
              <div className="col-span-2 sm:col-span-1">
                <ItemInput label={`Item ${index + 1} name`} error={errorOf(`detail_items.${index}.name`)} {...register(`detail_items.${index}.name`)} />
              </div>
              <ItemInput
                label={`Item ${index + 1} quantity`}
                inputMode="decimal"
                error={errorOf(`detail_items.${index}.quantity`)}
                {...register(`detail_items.${index}.quantity`, { setValueAs: optionalNumber })}
              />
              <ItemInput
                label={`Item ${index + 1} unit price`}
                inputMode="decimal"
                error={errorOf(`detail_items.${index}.unit_price`)}
                {...register(`detail_items.${index}.unit_price`, { setValueAs: optionalNumber })}
              />
              <ItemInput
                label={`Item ${index + 1} tax`}
                inputMode="decimal"
                error={errorOf(`detail_items.${index}.tax`)}
                {...register(`detail_items.${index}.tax`, { setValueAs: optionalNumber })}
              />
              <button
                type="button"
                className={`${buttonClass.secondary} self-end`}
                onClick={() => items.remove(index)}
                disabled={items.fields.length === 1}
                aria-label={`Remove item ${index + 1}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => items.append({ name: "", quantity: 1, unit_price: 0 })}>
          Add line item
        </button>
        <dl className="ml-auto mt-4 w-full max-w-xs space-y-1 text-sm" aria-live="polite">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd className="tabular-nums" data-testid="form-subtotal">{totals ? `${totals.subtotal} ${unit}` : "—"}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Tax</dt>
            <dd className="tabular-nums" data-testid="form-tax">{totals ? `${totals.tax} ${unit}` : "—"}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>Total (amount)</dt>
            <dd className="tabular-nums" data-testid="form-total">{totals ? `${totals.total} ${unit}` : "—"}</dd>
          </div>
        </dl>
      </section>

      {formError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Link href={invoice ? `/invoices/${invoice.id}` : "/invoices"} className={buttonClass.secondary}>
          Discard
        </Link>
        <button type="submit" className={buttonClass.primary} disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : editing ? (invoice?.status === "rejected" ? "Save and resubmit" : "Save changes") : "Create invoice"}
        </button>
      </div>
    </form>
  );
}

function Select({
  id,
  label,
  error,
  children,
  ...rest
}: React.SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; error?: string; ref?: React.Ref<HTMLSelectElement> }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} className={inputClass} {...rest}>
        {children}
      </select>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

const CAPTIONS: Record<string, string> = { name: "Name", quantity: "Quantity", "unit price": "Unit price", tax: "Tax (optional)" };

function ItemInput({
  label,
  error,
  ...rest
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; ref?: React.Ref<HTMLInputElement> }) {
  const caption = label.replace(/^Item \d+ /, "");
  return (
    <div>
      <label className="mb-0.5 block text-xs font-medium text-slate-700">
        <span aria-hidden="true">{CAPTIONS[caption] ?? caption}</span>
        <input aria-label={label} aria-invalid={error ? true : undefined} className={`${inputClass} mt-0.5`} {...rest} />
      </label>
      {error ? <p className="mt-1 text-xs text-red-700">{error}</p> : null}
    </div>
  );
}

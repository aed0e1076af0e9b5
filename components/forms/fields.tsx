"use client";
import "@/lib/console/zod-csp";
// Pieces both record forms (invoice, payout) are built from, on react-hook-form with the API's own zod schemas.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { get, useWatch, type Control, type FieldErrors, type FieldPath, type FieldValues, type UseFormRegister, type UseFormRegisterReturn, type UseFormReturn, type UseFormSetError } from "react-hook-form";
import { FieldMessage } from "@/components/forms/field-message";
import { LEAVES_ON_PURPOSE, UnsavedChangesGuard } from "@/components/forms/unsaved-changes";
import { Amount } from "@/components/payments/amount";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { ApiError } from "@/lib/console/api";
import { pricedPlaces, pricedUnit } from "@/lib/console/pricing";
import { pagePath, type Resource } from "@/lib/console/resources";
import { CHAINS, findChain, TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { fiatCurrencies, pricingModes } from "@/lib/studio/payment-intents/schemas";

export const optionalText = (value: unknown) => (value === "" || value === null ? undefined : value);
export const optionalNumber = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));

/** The message at a dotted path of react-hook-form's errors ("detail_items.0.name"). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as { message?: string } | undefined)?.message;
}

/**
 * The form's `register`, with each field's default value on its input as `defaultValue`.
 * react-hook-form fills its inputs from their refs, which run only after hydration: without this
 * the server's HTML (an edit page arrives with its record) shows an empty form until the scripts
 * have run. Inputs stay uncontrolled, so react-hook-form still owns their values.
 */
export function registerWithDefaults<V extends FieldValues>(form: UseFormReturn<V>): UseFormRegister<V> {
  return (name, options) => Object.assign(form.register(name, options), { defaultValue: get(form.formState.defaultValues, name) });
}

/** The API's field errors (`errors[].field`) onto the matching inputs. */
export function showServerErrors<V extends FieldValues>(error: Error, setError: UseFormSetError<V>) {
  if (!(error instanceof ApiError)) return;
  for (const issue of error.body.errors ?? []) setError(issue.field as FieldPath<V>, { type: "server", message: issue.message });
}

/** `field("recipient_name", "Recipient name")`: a labelled text input with its error, bound to the form. */
export function textFields<V extends FieldValues>(register: UseFormRegister<V>, errors: FieldErrors<V>) {
  return (name: FieldPath<V>, label: string, options: { type?: string; number?: boolean; inputMode?: "decimal"; hint?: string } = {}) => {
    const error = errorAt(errors, name);
    const id = `field-${name.replaceAll(".", "-")}`;
    const described = [error ? `${id}-error` : "", options.hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <input
          id={id}
          type={options.type ?? "text"}
          inputMode={options.inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={inputClass}
          {...register(name, { setValueAs: options.number ? optionalNumber : optionalText })}
        />
        {options.hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {options.hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            <FieldMessage message={error} />
          </p>
        ) : null}
      </div>
    );
  };
}

export function Select({
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
      {error ? (
        <p className="mt-1 text-sm text-red-700">
          <FieldMessage message={error} />
        </p>
      ) : null}
    </div>
  );
}

/** What every record form types: the recipient, the chain and token, a description. */
export const COMMON_FORM_FIELDS = {
  recipient_name: true,
  recipient_email: true,
  organization_name: true,
  organization_email: true,
  description: true,
  chain: true,
  pay_token: true,
} as const;
/** Fixed once the record exists. */
export const CREATE_ONLY_FIELDS = { pricing_mode: true, currency: true } as const;

type PricingName = "pricing_mode" | "currency" | "chain" | "pay_token";
type PricingValues = { pricing_mode?: "fiat" | "crypto"; currency?: string; chain?: string; pay_token?: string };
export type Pricing = { pricingMode: "fiat" | "crypto" | undefined; chainId: string | undefined; places: number; unit: string };

/** The pricing as it is being typed: the places and unit every amount of the form is in. */
export function usePricing<V extends PricingValues>(control: Control<V>): Pricing {
  const [pricingMode, chainId, token, currency] = useWatch({
    control: control as unknown as Control<PricingValues>,
    name: ["pricing_mode", "chain", "pay_token", "currency"],
  });
  const pricing = { pricingMode, chain: chainId, token };
  return { pricingMode, chainId, places: pricedPlaces(pricing), unit: pricedUnit(pricing, currency) };
}

/** Pricing mode (fixed once created), fiat currency, chain and the tokens that chain offers. */
export function PricingFields({
  editing,
  pricing: { pricingMode, chainId },
  register,
  errors,
}: {
  editing: boolean;
  pricing: Pricing;
  register: (name: PricingName, options?: { setValueAs: (value: unknown) => unknown }) => UseFormRegisterReturn;
  errors: FieldErrors;
}) {
  const t = useTranslations("forms");
  const chain = findChain(chainId ?? "");
  return (
    <>
      <Select id="field-pricing_mode" label={t("pricingMode")} disabled={editing} {...register("pricing_mode")}>
        {pricingModes.map((mode) => (
          <option key={mode} value={mode}>
            {mode === "fiat" ? t("pricedFiat") : t("pricedCrypto")}
          </option>
        ))}
      </Select>
      {pricingMode === "fiat" ? (
        <Select id="field-currency" label={t("currency")} disabled={editing} {...register("currency", { setValueAs: optionalText })}>
          {fiatCurrencies.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </Select>
      ) : null}
      <Select id="field-chain" label={t("chain")} error={errorAt(errors, "chain")} {...register("chain")}>
        {CHAINS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </Select>
      <Select id="field-pay_token" label={t("token")} error={errorAt(errors, "pay_token")} {...register("pay_token")}>
        {TOKEN_SYMBOLS.map((symbol) => (
          <option key={symbol} value={symbol} disabled={!chain?.tokens[symbol]}>
            {symbol}
            {chain?.tokens[symbol] ? "" : t("notOnChain")}
          </option>
        ))}
      </Select>
    </>
  );
}

export function FormCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A record's create or edit form: the owner's cards, then the API's form-wide message and the
 * Discard / submit buttons ("Save and resubmit" for a rejected record).
 */
export function RecordForm({
  resource,
  record,
  dirty,
  saving: { pending, saved, formError },
  onSubmit,
  children,
}: {
  resource: Resource;
  record: { id: string; status: string } | undefined;
  /** The form differs from what it started with (react-hook-form's isDirty). */
  dirty: boolean;
  saving: { pending: boolean; saved: boolean; formError: string | null };
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  children: React.ReactNode;
}) {
  const t = useTranslations("forms");
  // Only invoices and payouts have forms.
  const kind = resource.key as "invoices" | "payouts";
  const submitLabel = record ? (record.status === "rejected" ? t("resubmit") : t("saveChanges")) : t(`${kind}.create`);
  return (
    <form noValidate className="space-y-6" aria-label={record ? t(`${kind}.edit`) : t(`${kind}.new`)} onSubmit={onSubmit}>
      <UnsavedChangesGuard unsaved={dirty && !pending && !saved} />
      {children}
      {formError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Link href={pagePath(resource, record?.id)} className={buttonClass.secondary} {...LEAVES_ON_PURPOSE}>
          {t("discard")}
        </Link>
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {pending ? t("saving") : submitLabel}
        </button>
      </div>
    </form>
  );
}

type RecipientName = "recipient_name" | "recipient_email" | "organization_name" | "organization_email";

/** Who receives the invoice or payout; `children` adds an owner's own recipient fields. */
export function RecipientCard({
  field,
  children,
}: {
  field: (name: RecipientName, label: string, options?: { type?: string }) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const t = useTranslations("forms");
  return (
    <FormCard id="recipient" title={t("recipient")}>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {field("recipient_name", t("recipientName"))}
        {field("recipient_email", t("recipientEmail"), { type: "email" })}
        {field("organization_name", t("organizationName"))}
        {field("organization_email", t("organizationEmail"), { type: "email" })}
        {children}
      </div>
    </FormCard>
  );
}

/** Running totals that update as amounts are typed ("—" while one is not a number yet): `[label, testId, value, strong?]`. */
export function LiveTotals({ unit, rows }: { unit: string; rows: Array<[string, string, string | undefined, boolean?]> }) {
  return (
    <dl className="ml-auto mt-4 w-full max-w-xs space-y-1 text-sm" aria-live="polite">
      {rows.map(([label, testId, value, strong]) => (
        <div key={testId} className={`flex flex-wrap justify-between gap-x-4 ${strong ? "font-semibold" : ""}`}>
          <dt>{label}</dt>
          <dd className="ml-auto text-right tabular-nums" data-testid={testId}>
            {value === undefined ? "—" : <Amount value={value} unit={unit} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function DescriptionField({ registration }: { registration: UseFormRegisterReturn }) {
  const t = useTranslations("forms");
  return (
    <div className="mt-4">
      <label htmlFor="field-description" className={labelClass}>
        {t("descriptionOptional")}
      </label>
      <textarea id="field-description" rows={2} className={inputClass} {...registration} />
    </div>
  );
}

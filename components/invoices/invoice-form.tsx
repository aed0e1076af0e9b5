"use client";
import "@/lib/console/zod-csp";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useFieldArray, useForm, useWatch, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { COMMON_FORM_FIELDS, CREATE_ONLY_FIELDS, DescriptionField, errorAt, FormCard, LiveTotals, optionalNumber, PricingFields, RecipientCard, RecordForm, registerWithDefaults, Select, textFields, usePricing } from "@/components/forms/fields";
import { FieldMessage } from "@/components/forms/field-message";
import { useSaveRecord } from "@/components/forms/use-save-record";
import { buttonClass, inputClass } from "@/components/ui/button";
import { liveTotals } from "@/lib/console/live-totals";
import { INVOICES } from "@/lib/console/resources";
import type { Invoice } from "@/lib/console/types";
import type { TokenSymbol } from "@/lib/studio/chain/registry";
import { invoiceCreateSchema, invoiceUpdateSchema } from "@/lib/studio/invoices/schemas";

// The API's own schemas, narrowed to what a person types here: `amount` is computed from the
// line items, `creator` and `origin` are added by the console's server route.
const FORM_FIELDS = { ...COMMON_FORM_FIELDS, payment_terms: true, invoice_issue_date: true, payment_method_type: true, detail_items: true } as const;
export const createFormSchema = invoiceCreateSchema.pick({ ...FORM_FIELDS, ...CREATE_ONLY_FIELDS });
export const editFormSchema = invoiceUpdateSchema.pick(FORM_FIELDS);
type FormValues = z.input<typeof createFormSchema>;

export function InvoiceForm({ invoice }: { invoice?: Invoice }) {
  const t = useTranslations("forms.invoice");
  const editing = Boolean(invoice);
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
  const { control, handleSubmit, setError, formState } = form;
  const register = registerWithDefaults(form);
  const items = useFieldArray({ control, name: "detail_items" });
  const watchedItems = useWatch({ control, name: "detail_items" });
  const pricing = usePricing(control);
  const totals = liveTotals(watchedItems ?? [], pricing.places);
  const errorOf = (path: string) => errorAt(formState.errors, path);
  const field = textFields(register, formState.errors);
  const { save, saving } = useSaveRecord<Invoice, FormValues>({ resource: INVOICES, record: invoice, setError, number: (saved) => saved.invoice_id });

  return (
    <RecordForm resource={INVOICES} record={invoice} dirty={formState.isDirty} saving={saving} onSubmit={handleSubmit((values) => save({ ...values, amount: totals?.total }))}>
      <RecipientCard field={field} />

      <FormCard id="terms" title={t("terms")}>
        <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <PricingFields editing={editing} pricing={pricing} register={register} errors={formState.errors} />
          <Select id="field-payment_method_type" label={t("settlementType")} {...register("payment_method_type")}>
            <option value="crypto">{t("crypto")}</option>
            <option value="fiat">{t("fiat")}</option>
          </Select>
          {field("payment_terms", t("paymentTerms"), { type: "number", number: true })}
          {field("invoice_issue_date", t("issueDate"), { type: "date" })}
        </div>
        <DescriptionField registration={register("description")} />
      </FormCard>

      <FormCard id="items" title={t("lineItems")}>
        {errorOf("detail_items") || errorOf("detail_items.root") ? (
          <p className="mt-1 text-sm text-red-700">
            <FieldMessage message={(errorOf("detail_items") ?? errorOf("detail_items.root"))!} />
          </p>
        ) : null}
        <ul className="mt-3 space-y-3">
          {items.fields.map((item, index) => (
            <li key={item.id} className="grid grid-cols-2 gap-2 rounded-md border border-slate-100 p-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-start">
              <div className="col-span-2 sm:col-span-1">
                <ItemInput label={t("itemName", { number: index + 1 })} caption={t("name")} error={errorOf(`detail_items.${index}.name`)} {...register(`detail_items.${index}.name`)} />
              </div>
              <ItemInput
                label={t("itemQuantity", { number: index + 1 })}
                caption={t("quantity")}
                inputMode="decimal"
                error={errorOf(`detail_items.${index}.quantity`)}
                {...register(`detail_items.${index}.quantity`, { setValueAs: optionalNumber })}
              />
              <ItemInput
                label={t("itemUnitPrice", { number: index + 1 })}
                caption={t("unitPrice")}
                inputMode="decimal"
                error={errorOf(`detail_items.${index}.unit_price`)}
                {...register(`detail_items.${index}.unit_price`, { setValueAs: optionalNumber })}
              />
              <ItemInput
                label={t("itemTax", { number: index + 1 })}
                caption={t("taxOptional")}
                inputMode="decimal"
                error={errorOf(`detail_items.${index}.tax`)}
                {...register(`detail_items.${index}.tax`, { setValueAs: optionalNumber })}
              />
              <button
                type="button"
                className={`${buttonClass.secondary} self-end`}
                onClick={() => items.remove(index)}
                disabled={items.fields.length === 1}
                aria-label={t("removeItem", { number: index + 1 })}
              >
                {t("remove")}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => items.append({ name: "", quantity: 1, unit_price: 0 })}>
          {t("addItem")}
        </button>
        <LiveTotals
          unit={pricing.unit}
          rows={[
            [t("subtotal"), "form-subtotal", totals?.subtotal],
            [t("tax"), "form-tax", totals?.tax],
            [t("total"), "form-total", totals?.total, true],
          ]}
        />
      </FormCard>
    </RecordForm>
  );
}

/** `label` names the item for a screen reader ("Item 2 quantity"); `caption` is what shows above the input. */
function ItemInput({
  label,
  caption,
  error,
  ...rest
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; caption: string; error?: string; ref?: React.Ref<HTMLInputElement> }) {
  return (
    <div>
      <label className="mb-0.5 block text-xs font-medium text-slate-700">
        <span aria-hidden="true">{caption}</span>
        <input aria-label={label} aria-invalid={error ? true : undefined} className={`${inputClass} mt-0.5`} {...rest} />
      </label>
      {error ? (
        <p className="mt-1 text-xs text-red-700">
          <FieldMessage message={error} />
        </p>
      ) : null}
    </div>
  );
}

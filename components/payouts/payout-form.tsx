"use client";
import "@/lib/console/zod-csp";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { z } from "zod";
import { COMMON_FORM_FIELDS, CREATE_ONLY_FIELDS, DescriptionField, FormCard, LiveTotals, optionalText, PricingFields, RecipientCard, RecordForm, registerWithDefaults, Select, textFields, usePricing } from "@/components/forms/fields";
import { useFieldMessage } from "@/components/forms/field-message";
import { useSaveRecord } from "@/components/forms/use-save-record";
import { Amount } from "@/components/payments/amount";
import { labelClass } from "@/components/ui/button";
import { liveSplit } from "@/lib/console/payout-split";
import { pricedPlaces } from "@/lib/console/pricing";
import { PAYOUTS } from "@/lib/console/resources";
import type { Payout } from "@/lib/console/types";
import type { TokenSymbol } from "@/lib/studio/chain/registry";
import { payoutCreateSchema, payoutUpdateSchema, recipientTypes } from "@/lib/studio/payouts/schemas";

// The API's own schemas, narrowed to what a person types here (`creator` and `origin` are added
// by the console's server route), plus the service's own gross / net split check so that
// "net above gross" shows on the field before a round trip.
const FORM_FIELDS = {
  ...COMMON_FORM_FIELDS,
  recipient_type: true,
  recipient_account_email: true,
  recipient_phone: true,
  payout_target_address: true,
  exact_out_amount: true,
} as const;
// The gross amount is fixed once the payout exists (PayoutUpdateRequest has no `amount`).
export const createFormSchema = payoutCreateSchema.pick({ ...FORM_FIELDS, ...CREATE_ONLY_FIELDS, amount: true });
export const editFormSchema = payoutUpdateSchema.pick(FORM_FIELDS);
type FormValues = z.input<typeof createFormSchema>;

type SplitInput = { amount?: string; exact_out_amount?: string; pricing_mode?: "fiat" | "crypto"; chain?: string; pay_token?: string };

/** Adds the split check to a form schema: the typed gross, or the stored one when editing `stored`. */
function withSplitCheck<S extends z.ZodType<SplitInput>>(schema: S, stored?: Payout) {
  return schema.superRefine(
    (values, ctx) => {
      const pricingMode = stored?.payment_intent.pricing_mode ?? values.pricing_mode;
      const places = pricedPlaces({ pricingMode, chain: values.chain, token: values.pay_token });
      const split = liveSplit(stored?.amount ?? values.amount, values.exact_out_amount, pricingMode, places);
      if (split && !split.ok) ctx.addIssue({ code: "custom", path: [split.field], message: split.message });
    },
    // Also while other fields are still wrong: the split error belongs on the amounts at once.
    { when: ({ value }) => typeof value === "object" && value !== null },
  );
}

export function PayoutForm({ payout }: { payout?: Payout }) {
  const t = useTranslations("forms.payout");
  const fieldMessage = useFieldMessage();
  const editing = Boolean(payout);
  const pi = payout?.payment_intent;
  const schema = useMemo(() => (payout ? withSplitCheck(editFormSchema, payout) : withSplitCheck(createFormSchema)), [payout]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues>,
    defaultValues:
      payout && pi
        ? {
            pricing_mode: pi.pricing_mode,
            currency: payout.currency ?? undefined,
            chain: pi.payment_chain_id,
            pay_token: pi.symbol as TokenSymbol,
            amount: payout.amount,
            exact_out_amount: payout.exact_out_amount,
            payout_target_address: pi.payout_target_address ?? "",
            recipient_name: payout.recipient_name,
            recipient_email: payout.recipient_email,
            organization_name: payout.organization_name,
            organization_email: payout.organization_email,
            recipient_type: payout.recipient_type ?? undefined,
            recipient_account_email: payout.recipient_account_email ?? "",
            recipient_phone: payout.recipient_phone ?? "",
            description: payout.description ?? "",
          }
        : { pricing_mode: "crypto", currency: "USD", chain: "arb", pay_token: "USDC", description: "" },
  });
  const { control, handleSubmit, setError, formState } = form;
  const register = registerWithDefaults(form);
  const [amount, exactOut] = useWatch({ control, name: ["amount", "exact_out_amount"] });
  const pricing = usePricing(control);
  const split = liveSplit(amount, exactOut, pricing.pricingMode, pricing.places);
  const unit = pricing.unit;
  const field = textFields(register, formState.errors);
  const { save, saving } = useSaveRecord<Payout, FormValues>({ resource: PAYOUTS, record: payout, setError, number: (saved) => saved.payout_id });

  return (
    <RecordForm resource={PAYOUTS} record={payout} dirty={formState.isDirty} saving={saving} onSubmit={handleSubmit((values) => save(values))}>
      <RecipientCard field={field}>
        <Select id="field-recipient_type" label={t("recipientType")} {...register("recipient_type", { setValueAs: optionalText })}>
          <option value="">{t("notSpecified")}</option>
          {recipientTypes.map((type) => (
            <option key={type} value={type}>
              {type === "individual" ? t("individual") : t("organization")}
            </option>
          ))}
        </Select>
        {field("recipient_account_email", t("accountEmail"), { type: "email" })}
        {field("recipient_phone", t("phone"), { type: "tel" })}
      </RecipientCard>

      <FormCard id="payout" title={t("amounts")}>
        <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <PricingFields editing={editing} pricing={pricing} register={register} errors={formState.errors} />
          {editing ? (
            <div>
              <p className={labelClass}>{t("gross")}</p>
              <p className="py-2 text-sm tabular-nums text-slate-900">
                <Amount value={payout?.amount ?? ""} unit={unit} />
              </p>
            </div>
          ) : (
            field("amount", t("grossIn", { unit }), { inputMode: "decimal", hint: t("grossHint") })
          )}
          {field("exact_out_amount", t("netIn", { unit }), { inputMode: "decimal", hint: t("netHint") })}
          <div className="sm:col-span-2 lg:col-span-3">
            {field("payout_target_address", t("target"), { hint: t("targetHint") })}
          </div>
        </div>
        <DescriptionField registration={register("description")} />
        <LiveTotals
          unit={unit}
          rows={[
            [t("grossTotal"), "form-gross", split?.ok ? split.gross : undefined],
            [t("fee"), "form-fee", split?.ok ? split.fee : undefined],
            [t("net"), "form-net", split?.ok ? split.net : undefined, true],
          ]}
        />
        {split && !split.ok ? (
          <p className="mt-2 text-right text-sm text-red-700" data-testid="form-split-error">
            {t("splitError", { field: split.field === "amount" ? t("gross") : t("netShort"), message: fieldMessage(split.message) })}
          </p>
        ) : null}
      </FormCard>
    </RecordForm>
  );
}

"use client";
import { useTranslations } from "next-intl";
import { ConsoleCopyButton } from "@/components/payments/console-copy-button";
import { Code, Field, Fields, IdFields, RecipientFields, Section } from "@/components/payments/detail";
import { RecordDetail } from "@/components/payments/record-detail";
import { PayoutActions } from "./payout-actions";
import { PayoutAmounts } from "@/components/payouts/payout-amounts";
import { PAYOUTS } from "@/lib/console/resources";
import type { Payout } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";

export function PayoutDetail({ id }: { id: string }) {
  const t = useTranslations("detail");
  return (
    <RecordDetail<Payout>
      resource={PAYOUTS}
      id={id}
      number={(payout) => payout.payout_id}
      actions={(payout) => <PayoutActions payout={payout} />}
      sections={(payout) => (
        <>
          <PayoutAmounts payout={payout} />
          <PayoutRecipient payout={payout} />
        </>
      )}
      panel={{ title: t("funding"), settlementLabel: t("payoutTransfer") }}
    />
  );
}

function PayoutRecipient({ payout }: { payout: Payout }) {
  const pi = payout.payment_intent;
  const target = pi.payout_target_address;
  const t = useTranslations("payout");
  const tr = useTranslations("resources.payouts");
  return (
    <Section id="target" title={t("recipientAndTarget")}>
      <div className="mt-3 rounded-md bg-slate-50 p-2 text-sm sm:p-3">
        <p className="font-medium text-slate-800">{t("targetOn", { chain: findChain(pi.payment_chain_id)?.name ?? pi.payment_chain_id })}</p>
        {target ? (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Code testId="payout-target">{target}</Code>
            <ConsoleCopyButton text={target} label={t("copyTarget")} />
          </div>
        ) : (
          <p className="mt-1 text-amber-900" data-testid="payout-target">
            {t("noTarget")}
          </p>
        )}
      </div>
      <Fields>
        <RecipientFields record={payout} />
        {payout.recipient_type ? <Field label={t("recipientType")}>{t(`recipientTypes.${payout.recipient_type}`)}</Field> : null}
        {payout.recipient_account_email ? <Field label={t("accountEmail")}>{payout.recipient_account_email}</Field> : null}
        {payout.recipient_phone ? <Field label={t("phone")}>{payout.recipient_phone}</Field> : null}
        <Field label={t("pricingMode")}>{pi.pricing_mode}</Field>
        <IdFields title={tr("title")} id={payout.id} paymentIntentId={pi.payment_intent_id} />
        {payout.reviewer ? <Field label={t("reviewedBy")}>{payout.reviewer}</Field> : null}
        {payout.description ? <Field label={t("description")}>{payout.description}</Field> : null}
      </Fields>
    </Section>
  );
}

"use client";
import { useTranslations } from "next-intl";
import { Amount, Money } from "@/components/payments/amount";
import { ConsoleCopyButton } from "@/components/payments/console-copy-button";
import { Code, DetailColumns, DetailError, DetailHeader, DetailLoading, Field, Fields, Section, Total } from "@/components/payments/detail";
import { useNow } from "@/components/payments/payment-panel";
import { QrCode } from "@/components/payments/qr-code";
import { SimulatePayment } from "@/components/payments/simulate-payment";
import { Timeline } from "@/components/payments/timeline";
import { TxHash } from "@/components/payments/tx-hash";
import { refundAction, WorkflowActions } from "@/components/payments/workflow-actions";
import { useViewer } from "@/components/providers";
import { countdownParts } from "@/lib/console/format";
import { useFormat } from "@/lib/console/i18n/use-format";
import { PAYMENT_INTENT_ACTIONS, permittedActions } from "@/lib/workflow/actions";
import { paymentDifference } from "@/lib/console/payment-math";
import { useRecord, useStatusLog } from "@/lib/console/queries";
import { PAYMENT_INTENTS, pagePath } from "@/lib/console/resources";
import type { StandalonePaymentIntent } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";

const RISK_FIELDS = ["total_weighted_risk_score", "kya_risk", "large_transaction_risk"] as const;

const REFUND_SPECS = { refund: refundAction() };

/**
 * A payment intent of its own, grouped as a person reads it: what was asked and what arrived,
 * where (chain, token, addresses), the transactions, the deadlines, the risk screening, then the
 * merchant's references and the timeline. The deposit address with its QR code and the sandbox
 * pay box sit beside them.
 */
export function PaymentIntentDetail({ id }: { id: string }) {
  const viewer = useViewer();
  const record = useRecord<StandalonePaymentIntent>(PAYMENT_INTENTS, id);
  const logs = useStatusLog(PAYMENT_INTENTS, id, record.data?.status);
  const now = useNow();
  const list = pagePath(PAYMENT_INTENTS);
  const t = useTranslations("paymentIntent");
  const tr = useTranslations("resources.payment-intents");
  const format = useFormat();

  if (record.isPending) return <DetailLoading label={t("loading")} />;
  if (record.error || !record.data) {
    return <DetailError title={tr("title")} message={record.error?.message ?? t("notFound")} backHref={list} backLabel={t("back")} />;
  }
  const pi = record.data;
  const chain = findChain(pi.payment_chain_id);
  const awaiting = pi.status_category === "awaiting_payment";
  const difference = paymentDifference(pi);
  // Each transaction's test id is named after its English label ("tx-partial-refund"), whatever the language.
  const timeLeft = (deadline: number) => (countdownParts(deadline, now) ? t("timeLeft", { time: format.countdown(deadline, now) }) : format.countdown(deadline, now));
  const hashes = (
    [
      ["payment", "tx-payment", pi.payment_tx_hash, pi.payment_tx_timestamp],
      ["settlement", "tx-settlement", pi.aggregation_tx_hash, pi.aggregation_tx_timestamp],
      ["refund", "tx-refund", pi.refund_tx_hash, null],
      ["partialRefund", "tx-partial-refund", pi.partial_refund_tx_hash, null],
    ] as const
  ).filter((entry): entry is typeof entry & { 2: string } => Boolean(entry[2]));

  return (
    <div className="space-y-6">
      <DetailHeader backHref={list} backLabel={tr("plural")} title={t("title", { id: pi.id })} status={pi.status} statusTestId="payment-intent-status">
        {t.rich("byline", { amount: () => <Amount value={pi.crypto_amount} unit={pi.symbol} />, chain: chain?.name ?? pi.payment_chain_id, time: format.dateTime(pi.created_at) })}
      </DetailHeader>
      <WorkflowActions resource={PAYMENT_INTENTS} id={pi.id} actions={permittedActions("payment_intent", { status: pi.status }, viewer)} specs={REFUND_SPECS} declarations={PAYMENT_INTENT_ACTIONS} />
      <DetailColumns
        primary={
          <>
            <Section id="amounts" title={t("amounts")}>
              <dl className="mt-3 space-y-1.5 text-sm">
                <Total label={t("amountDue")} testKey="Amount due" strong>
                  <Amount value={pi.crypto_amount} unit={pi.symbol} />
                </Total>
                {pi.fiat_amount ? (
                  <Total label={t("pricedAt")} testKey="Priced at">
                    <Money value={pi.fiat_amount} currency={pi.fiat_currency ?? ""} />
                    {pi.crypto_price ? ` (${format.amount(pi.crypto_price)} ${pi.fiat_currency ?? ""}/${pi.symbol})` : ""}
                  </Total>
                ) : null}
                <Total label={t("received")} testKey="Received">{pi.received_crypto_amount ? <Amount value={pi.received_crypto_amount} unit={pi.symbol} /> : "—"}</Total>
                {difference && difference.sign !== 0 ? (
                  <Total label={difference.sign > 0 ? t("overpaidBy") : t("underpaidBy")} testKey={difference.sign > 0 ? "Overpaid by" : "Underpaid by"}>
                    <Amount value={difference.difference} unit={pi.symbol} />
                  </Total>
                ) : null}
                {pi.aggregated_crypto_amount ? (
                  <Total label={t("settled")} testKey="Settled to balance">
                    <Amount value={pi.aggregated_crypto_amount} unit={pi.symbol} />
                  </Total>
                ) : null}
                {pi.refund_crypto_amount ? (
                  <Total label={t("refunded")} testKey="Refunded">
                    <Amount value={pi.refund_crypto_amount} unit={pi.symbol} />
                  </Total>
                ) : null}
              </dl>
            </Section>

            <Section id="chain" title={t("chainAndAddresses")}>
              <Fields>
                <Field label={t("chain")}>{chain?.name ?? pi.payment_chain_id}</Field>
                <Field label={t("token")}>
                  {pi.symbol} <Code>{pi.token_address}</Code>
                </Field>
                <Field label={t("depositAddress")}>{pi.payment_address ? <Code testId="detail-payment-address">{pi.payment_address}</Code> : "—"}</Field>
                <Field label={t("payerAddress")}>{pi.payer_address ? <Code>{pi.payer_address}</Code> : "—"}</Field>
                {pi.payout_target_address ? (
                  <Field label={t("payoutTarget")}>
                    <Code>{pi.payout_target_address}</Code>
                  </Field>
                ) : null}
                {pi.refund_address ? (
                  <Field label={t("refundAddress")}>
                    <Code>{pi.refund_address}</Code>
                  </Field>
                ) : null}
              </Fields>
            </Section>

            <Section id="transactions" title={t("transactions")}>
              {hashes.length ? (
                <ul className="mt-3 space-y-2 text-sm" aria-label={t("transactions")}>
                  {hashes.map(([label, testId, hash, timestamp]) => (
                    <li key={label}>
                      <span className="font-medium text-slate-800">{t(`tx.${label}`)}</span>
                      {timestamp ? <span className="text-slate-600"> · {format.dateTime(timestamp)}</span> : null}
                      <div>
                        <TxHash chainId={pi.payment_chain_id} hash={hash} testId={testId} />
                      </div>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm text-slate-700">{t("noTransaction")}</p>
              )}
            </Section>

            <Section id="deadlines" title={t("deadlines")}>
              <Fields>
                <Field label={t("paymentDeadline")}>
                  {/* The countdown ticks from the browser's clock, whose second may differ from the server's render. */}
                  <span suppressHydrationWarning>
                    {pi.payment_deadline ? `${format.dateTime(pi.payment_deadline)}${awaiting ? ` (${timeLeft(pi.payment_deadline)})` : ""}` : "—"}
                  </span>
                </Field>
                <Field label={t("created")}>{format.dateTime(pi.created_at)}</Field>
                <Field label={t("paid")}>{format.dateTime(pi.payment_tx_timestamp)}</Field>
                <Field label={t("finalized")}>{format.dateTime(pi.finalized_timestamp)}</Field>
              </Fields>
            </Section>

            <Section id="risk" title={t("risk")}>
              <Fields>
                <Field label={t("review")}>
                  {pi.status === "aml_hold" ? t("amlHold") : pi.status === "manual_review" ? t("manualReview") : t("noReview")}
                </Field>
                {RISK_FIELDS.map((field) => (
                  <Field key={field} label={t(`riskFields.${field}`)}>
                    {pi[field] ?? t("notScreened")}
                  </Field>
                ))}
              </Fields>
            </Section>

            <Section id="references" title={t("references")}>
              <Fields>
                <Field label={t("id")}>
                  <Code>{pi.id}</Code>
                </Field>
                <Field label={t("clientId")}>
                  <Code>{pi.client_id}</Code>
                </Field>
                <Field label={t("pricingMode")}>{pi.pricing_mode}</Field>
                <Field label={t("groupKey")}>{pi.group_key ?? "—"}</Field>
                <Field label={t("callbackUrl")}>{pi.callback_url ? <Code>{pi.callback_url}</Code> : "—"}</Field>
                <Field label={t("orderData")}>
                  {pi.order_data && Object.keys(pi.order_data).length ? (
                    <pre className="overflow-x-auto whitespace-pre-wrap break-all font-mono text-xs">{JSON.stringify(pi.order_data, null, 2)}</pre>
                  ) : (
                    "—"
                  )}
                </Field>
              </Fields>
            </Section>
          </>
        }
        aside={
          <Section id="deposit" title={t("depositAddress")} aside>
            {pi.payment_address ? (
              <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
                <QrCode text={pi.payment_address} />
                <div className="min-w-0 text-sm">
                  <p className="break-all font-mono text-xs text-slate-900" data-testid="payment-address">
                    {pi.payment_address}
                  </p>
                  <div className="mt-2">
                    <ConsoleCopyButton text={pi.payment_address} label={t("copyDeposit")} />
                  </div>
                </div>
              </div>
            ) : (
              <p className="text-sm text-slate-700">{t("noDeposit")}</p>
            )}
            {awaiting && pi.payment_address ? <SimulatePayment resource={PAYMENT_INTENTS} paymentIntent={pi} /> : null}
          </Section>
        }
        secondary={<Timeline logs={logs.data} error={logs.error} />}
      />
    </div>
  );
}


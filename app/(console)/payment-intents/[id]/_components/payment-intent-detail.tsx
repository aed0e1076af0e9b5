"use client";
import { Amount } from "@/components/payments/amount";
import { CopyButton } from "@/components/payments/copy-button";
import { Code, DetailColumns, DetailError, DetailHeader, DetailLoading, Field, Fields, Section, Total } from "@/components/payments/detail";
import { useNow } from "@/components/payments/payment-panel";
import { QrCode } from "@/components/payments/qr-code";
import { SimulatePayment } from "@/components/payments/simulate-payment";
import { Timeline } from "@/components/payments/timeline";
import { TxHash } from "@/components/payments/tx-hash";
import { refundAction, WorkflowActions } from "@/components/payments/workflow-actions";
import { useViewer } from "@/components/providers";
import { countdown, formatDateTime } from "@/lib/console/format";
import { PAYMENT_INTENT_ACTIONS, permittedActions } from "@/lib/workflow/actions";
import { paymentDifference } from "@/lib/console/payment-math";
import { useRecord, useStatusLog } from "@/lib/console/queries";
import { PAYMENT_INTENTS, pagePath } from "@/lib/console/resources";
import type { StandalonePaymentIntent } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";

const RISK_FIELDS = [
  ["Total weighted risk score", "total_weighted_risk_score"],
  ["KYA risk", "kya_risk"],
  ["Large transaction risk", "large_transaction_risk"],
] as const;

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

  if (record.isPending) return <DetailLoading label="Loading payment intent" />;
  if (record.error || !record.data) {
    return <DetailError title="Payment intent" message={record.error?.message ?? "Payment intent not found"} backHref={list} backLabel="Back to payment intents" />;
  }
  const pi = record.data;
  const chain = findChain(pi.payment_chain_id);
  const awaiting = pi.status_category === "awaiting_payment";
  const difference = paymentDifference(pi);
  const hashes = [
    ["Payment", pi.payment_tx_hash, pi.payment_tx_timestamp],
    ["Settlement", pi.aggregation_tx_hash, pi.aggregation_tx_timestamp],
    ["Refund", pi.refund_tx_hash, null],
    ["Partial refund", pi.partial_refund_tx_hash, null],
  ].filter((entry): entry is [string, string, number | null] => Boolean(entry[1]));

  return (
    <div className="space-y-6">
      <DetailHeader backHref={list} backLabel="Payment intents" title={`Payment intent ${pi.id}`} status={pi.status} statusTestId="payment-intent-status">
        <Amount value={pi.crypto_amount} unit={pi.symbol} /> on {chain?.name ?? pi.payment_chain_id} · created {formatDateTime(pi.created_at)}
      </DetailHeader>
      <WorkflowActions resource={PAYMENT_INTENTS} id={pi.id} actions={permittedActions("payment_intent", { status: pi.status }, viewer)} specs={REFUND_SPECS} declarations={PAYMENT_INTENT_ACTIONS} />
      <DetailColumns
        primary={
          <>
            <Section id="amounts" title="Amounts">
              <dl className="mt-3 space-y-1.5 text-sm">
                <Total label="Amount due" strong>
                  <Amount value={pi.crypto_amount} unit={pi.symbol} />
                </Total>
                {pi.fiat_amount ? (
                  <Total label="Priced at">
                    <Amount value={pi.fiat_amount} unit={pi.fiat_currency} />
                    {pi.crypto_price ? ` (${pi.crypto_price} ${pi.fiat_currency ?? ""}/${pi.symbol})` : ""}
                  </Total>
                ) : null}
                <Total label="Received">{pi.received_crypto_amount ? <Amount value={pi.received_crypto_amount} unit={pi.symbol} /> : "—"}</Total>
                {difference && difference.sign !== 0 ? (
                  <Total label={difference.sign > 0 ? "Overpaid by" : "Underpaid by"}>
                    <Amount value={difference.difference} unit={pi.symbol} />
                  </Total>
                ) : null}
                {pi.aggregated_crypto_amount ? (
                  <Total label="Settled to balance">
                    <Amount value={pi.aggregated_crypto_amount} unit={pi.symbol} />
                  </Total>
                ) : null}
                {pi.refund_crypto_amount ? (
                  <Total label="Refunded">
                    <Amount value={pi.refund_crypto_amount} unit={pi.symbol} />
                  </Total>
                ) : null}
              </dl>
            </Section>

            <Section id="chain" title="Chain and addresses">
              <Fields>
                <Field label="Chain">{chain?.name ?? pi.payment_chain_id}</Field>
                <Field label="Token">
                  {pi.symbol} <Code>{pi.token_address}</Code>
                </Field>
                <Field label="Deposit address">{pi.payment_address ? <Code testId="detail-payment-address">{pi.payment_address}</Code> : "—"}</Field>
                <Field label="Payer address">{pi.payer_address ? <Code>{pi.payer_address}</Code> : "—"}</Field>
                {pi.payout_target_address ? (
                  <Field label="Payout target address">
                    <Code>{pi.payout_target_address}</Code>
                  </Field>
                ) : null}
                {pi.refund_address ? (
                  <Field label="Refund address">
                    <Code>{pi.refund_address}</Code>
                  </Field>
                ) : null}
              </Fields>
            </Section>

            <Section id="transactions" title="Transactions">
              {hashes.length ? (
                <ul className="mt-3 space-y-2 text-sm" aria-label="Transactions">
                  {hashes.map(([label, hash, timestamp]) => (
                    <li key={label}>
                      <span className="font-medium text-slate-800">{label}</span>
                      {timestamp ? <span className="text-slate-600"> · {formatDateTime(timestamp)}</span> : null}
                      <div>
                        <TxHash chainId={pi.payment_chain_id} hash={hash} testId={`tx-${label.toLowerCase().replace(/\s+/g, "-")}`} />
                      </div>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm text-slate-700">No transaction yet.</p>
              )}
            </Section>

            <Section id="deadlines" title="Deadlines">
              <Fields>
                <Field label="Payment deadline">
                  {/* The countdown ticks from the browser's clock, whose second may differ from the server's render. */}
                  <span suppressHydrationWarning>
                    {pi.payment_deadline ? `${formatDateTime(pi.payment_deadline)}${awaiting ? ` (${countdown(pi.payment_deadline, now)} left)` : ""}` : "—"}
                  </span>
                </Field>
                <Field label="Created">{formatDateTime(pi.created_at)}</Field>
                <Field label="Paid">{formatDateTime(pi.payment_tx_timestamp)}</Field>
                <Field label="Finalized">{formatDateTime(pi.finalized_timestamp)}</Field>
              </Fields>
            </Section>

            <Section id="risk" title="Risk">
              <Fields>
                <Field label="Review">
                  {pi.status === "aml_hold" ? "On AML hold" : pi.status === "manual_review" ? "Needs manual review (funds arrived late)" : "None needed"}
                </Field>
                {RISK_FIELDS.map(([label, field]) => (
                  <Field key={field} label={label}>
                    {pi[field] ?? "Not screened"}
                  </Field>
                ))}
              </Fields>
            </Section>

            <Section id="references" title="References">
              <Fields>
                <Field label="Payment intent id">
                  <Code>{pi.id}</Code>
                </Field>
                <Field label="Client id">
                  <Code>{pi.client_id}</Code>
                </Field>
                <Field label="Pricing mode">{pi.pricing_mode}</Field>
                <Field label="Group key">{pi.group_key ?? "—"}</Field>
                <Field label="Callback URL">{pi.callback_url ? <Code>{pi.callback_url}</Code> : "—"}</Field>
                <Field label="Order data">
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
          <Section id="deposit" title="Deposit address" aside>
            {pi.payment_address ? (
              <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
                <QrCode text={pi.payment_address} />
                <div className="min-w-0 text-sm">
                  <p className="break-all font-mono text-xs text-slate-900" data-testid="payment-address">
                    {pi.payment_address}
                  </p>
                  <div className="mt-2">
                    <CopyButton text={pi.payment_address} label="Copy deposit address" />
                  </div>
                </div>
              </div>
            ) : (
              <p className="text-sm text-slate-700">No deposit address.</p>
            )}
            {awaiting && pi.payment_address ? <SimulatePayment resource={PAYMENT_INTENTS} paymentIntent={pi} /> : null}
          </Section>
        }
        secondary={<Timeline logs={logs.data} error={logs.error} />}
      />
    </div>
  );
}


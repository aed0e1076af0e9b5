"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Amount } from "@/components/payments/amount";
import { ConsoleCopyButton } from "@/components/payments/console-copy-button";
import { Section, Total } from "@/components/payments/detail";
import { QrCode } from "@/components/payments/qr-code";
import { SimulatePayment } from "@/components/payments/simulate-payment";
import { TxHash } from "@/components/payments/tx-hash";
import { useFormat } from "@/lib/console/i18n/use-format";
import { paymentDifference } from "@/lib/console/payment-math";
import type { Resource } from "@/lib/console/resources";
import type { PaymentIntent } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";

/**
 * The nested payment intent of an invoice or a payout: its address (QR, copy), what is due and
 * what arrived, the deadline counting down while payment is awaited, the transactions, and the
 * sandbox pay box.
 */
export function PaymentPanel({
  resource,
  paymentIntent: pi,
  awaitingPayment,
  title,
  settlementLabel,
}: {
  resource: Resource;
  paymentIntent: PaymentIntent;
  awaitingPayment: boolean;
  title: string;
  /** What `aggregation_tx_hash` is for this owner: the invoice's settlement, the payout's transfer. */
  settlementLabel: string;
}) {
  const chain = findChain(pi.payment_chain_id);
  const difference = paymentDifference(pi);
  const now = useNow();
  const t = useTranslations("panel");
  const noun = useTranslations("resources")(`${resource.key}.one`);
  const format = useFormat();
  const hashes = [
    [t("paymentTx"), pi.payment_tx_hash],
    [settlementLabel, pi.aggregation_tx_hash],
    [t("refundTx"), pi.refund_tx_hash],
    [t("partialRefundTx"), pi.partial_refund_tx_hash],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <Section id="payment" title={title} aside>
      {pi.payment_address ? (
        <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
          <QrCode text={pi.payment_address} />
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-800">{t("paymentAddress")}</p>
            <p className="break-all font-mono text-xs text-slate-900" data-testid="payment-address">
              {pi.payment_address}
            </p>
            <div className="mt-2">
              <ConsoleCopyButton text={pi.payment_address} label={t("copyAddress")} />
            </div>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t("addressLater", { noun })}</p>
      )}
      <dl className="space-y-1.5 text-sm">
        <Total label={t("chain")} testKey="Chain">{chain?.name ?? pi.payment_chain_id}</Total>
        <Total label={t("token")} testKey="Token">{pi.symbol}</Total>
        <Total label={t("amountDue")} testKey="Amount due" strong>
          <Amount value={pi.crypto_amount} unit={pi.symbol} />
        </Total>
        {pi.fiat_amount ? (
          <Total label={t("fiatAmount")} testKey="Fiat amount">
            <Amount value={pi.fiat_amount} unit={pi.fiat_currency} />
          </Total>
        ) : null}
        <Total label={t("received")} testKey="Received">{pi.received_crypto_amount ? <Amount value={pi.received_crypto_amount} unit={pi.symbol} /> : "—"}</Total>
        {difference && difference.sign !== 0 ? (
          <Total label={difference.sign > 0 ? t("overpaidBy") : t("underpaidBy")} testKey={difference.sign > 0 ? "Overpaid by" : "Underpaid by"}>
            <Amount value={difference.difference} unit={pi.symbol} />
          </Total>
        ) : null}
        <Total label={t("paymentStatus")} testKey="Payment status">{pi.status}</Total>
        <Total label={t("deadline")} testKey="Deadline">
          {/* The countdown ticks from the browser's clock, whose second may differ from the server's render. */}
          <span suppressHydrationWarning>
            {pi.payment_deadline
              ? `${format.dateTime(pi.payment_deadline)}${awaitingPayment ? ` (${format.countdown(pi.payment_deadline, now)})` : ""}`
              : "—"}
          </span>
        </Total>
        {pi.partial_refund_address ? (
          <Total label={t("refundAddress")} testKey="Refund address">
            <span className="break-all font-mono text-xs">{pi.partial_refund_address}</span>
          </Total>
        ) : null}
      </dl>
      {hashes.length ? (
        <div className="text-sm">
          <p className="font-medium text-slate-800">{t("transactions")}</p>
          <ul className="mt-1 space-y-1">
            {hashes.map(([label, hash]) => (
              <li key={label}>
                {label}: <TxHash chainId={pi.payment_chain_id} hash={hash} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {awaitingPayment && pi.payment_address ? <SimulatePayment resource={resource} paymentIntent={pi} /> : null}
    </Section>
  );
}

/** The time now, ticking every second (deadline countdowns). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

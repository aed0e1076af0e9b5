"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/invoices/copy-button";
import { InvoiceActions } from "@/components/invoices/invoice-actions";
import { QrCode } from "@/components/invoices/qr-code";
import { SimulatePayment } from "@/components/invoices/simulate-payment";
import { StatusBadge } from "@/components/invoices/status-badge";
import { apiFetch } from "@/lib/console/api";
import { countdown, formatDate, formatDateTime, statusLabel } from "@/lib/console/format";
import { paymentDifference } from "@/lib/console/payment-math";
import type { Invoice, InvoiceLog } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";

export function InvoiceDetail({ id }: { id: string }) {
  const invoice = useQuery({
    queryKey: ["invoices", "detail", id],
    queryFn: () => apiFetch<{ data: Invoice }>(`/api/invoices/${encodeURIComponent(id)}`).then((body) => body.data),
    // While waiting for funds, follow the chain watcher's confirmation without a reload.
    refetchInterval: (query) => (query.state.data?.status === "approved" ? 3000 : false),
  });
  const logs = useQuery({
    queryKey: ["invoices", "logs", id, invoice.data?.status],
    queryFn: () => apiFetch<{ data: InvoiceLog[] }>(`/api/invoices/${encodeURIComponent(id)}/logs`).then((body) => body.data),
    enabled: Boolean(invoice.data),
  });

  if (invoice.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading invoice" className="space-y-3">
        <div className="h-8 w-64 animate-pulse rounded bg-slate-200" />
        <div className="h-40 animate-pulse rounded bg-slate-200" />
        <div className="h-40 animate-pulse rounded bg-slate-200" />
      </div>
    );
  }
  if (invoice.error || !invoice.data) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold">Invoice</h1>
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {invoice.error?.message ?? "Invoice not found"}
        </p>
        <Link href="/invoices" className="text-indigo-800 underline">
          Back to invoices
        </Link>
      </div>
    );
  }
  const data = invoice.data;
  const pi = data.payment_intent;
  const unit = pi.pricing_mode === "fiat" ? (data.currency ?? pi.fiat_currency ?? "") : pi.symbol;

  return (
    <div className="space-y-6">
      <div>
        <Link href="/invoices" className="text-sm text-indigo-800 underline-offset-2 hover:underline">
          ← Invoices
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">Invoice {data.invoice_id}</h1>
          <StatusBadge status={data.status} testId="invoice-status" />
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {data.recipient_name} · {data.organization_name} · created by {data.creator} on {formatDateTime(data.created_at)}
        </p>
      </div>

      <InvoiceActions invoice={data} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="details-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="details-heading" className="text-base font-semibold text-slate-900">
              Details
            </h2>
            <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <Field label="Recipient">{data.recipient_name}</Field>
              <Field label="Recipient email">{data.recipient_email}</Field>
              <Field label="Organization">{data.organization_name}</Field>
              <Field label="Organization email">{data.organization_email}</Field>
              <Field label="Pricing mode">{pi.pricing_mode}</Field>
              <Field label="Settlement type">{pi.payment_method_type}</Field>
              <Field label="Issue date">{formatDate(data.invoice_issue_date)}</Field>
              <Field label="Payment terms">{data.payment_terms === 0 ? "Due on receipt" : `${data.payment_terms} days`}</Field>
              <Field label="Invoice intent id">
                <span className="break-all font-mono text-xs">{data.id}</span>
              </Field>
              <Field label="Payment intent id">
                <span className="break-all font-mono text-xs">{pi.payment_intent_id}</span>
              </Field>
              {data.description ? <Field label="Description">{data.description}</Field> : null}
            </dl>
          </section>

          <section aria-labelledby="items-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="items-heading" className="text-base font-semibold text-slate-900">
              Line items
            </h2>
            <div className="mt-3 overflow-x-auto">
              <table className="min-w-full text-sm">
                <thead className="text-left text-xs uppercase tracking-wide text-slate-700">
                  <tr>
                    <th scope="col" className="py-1 pr-3">Item</th>
                    <th scope="col" className="py-1 pr-3 text-right">Quantity</th>
                    <th scope="col" className="py-1 pr-3 text-right">Unit price</th>
                    <th scope="col" className="py-1 text-right">Tax</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.detail_items.map((item, index) => (
                    <tr key={index}>
                      <td className="py-1.5 pr-3">{item.name}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{item.quantity}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{item.unit_price}</td>
                      <td className="py-1.5 text-right tabular-nums">{item.tax ?? 0}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="ml-auto mt-3 w-full max-w-xs space-y-1 text-sm">
              <Total label="Subtotal" value={`${data.subtotal} ${unit}`} />
              <Total label="Tax" value={`${data.tax_total} ${unit}`} />
              <Total label="Total" value={`${data.amount} ${unit}`} strong />
            </dl>
          </section>

          <section aria-labelledby="timeline-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="timeline-heading" className="text-base font-semibold text-slate-900">
              Timeline
            </h2>
            {logs.error ? <p role="alert" className="mt-2 text-sm text-red-800">{logs.error.message}</p> : null}
            <ol className="mt-3 space-y-3" aria-label="Status log">
              {logs.data?.map((log) => (
                <li key={log.id} className="border-l-2 border-indigo-200 pl-3 text-sm">
                  <p className="font-medium text-slate-900">
                    {log.from_status ? `${statusLabel(log.from_status)} → ` : ""}
                    {statusLabel(log.to_status)}
                  </p>
                  <p className="text-slate-700">
                    {log.operator_uid === "system" ? "System" : (log.operator_name ?? log.operator_uid)} ·{" "}
                    {formatDateTime(log.created_at)}
                  </p>
                  {log.reason ? <p className="text-slate-700">Reason: {log.reason}</p> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <PaymentPanel invoice={data} />
      </div>
    </div>
  );
}

function PaymentPanel({ invoice }: { invoice: Invoice }) {
  const pi = invoice.payment_intent;
  const chain = findChain(pi.payment_chain_id);
  const difference = paymentDifference(pi);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const hashes = [
    ["Payment", pi.payment_tx_hash],
    ["Settlement", pi.aggregation_tx_hash],
    ["Refund", pi.refund_tx_hash],
    ["Partial refund", pi.partial_refund_tx_hash],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <section aria-labelledby="payment-heading" className="h-fit space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="payment-heading" className="text-base font-semibold text-slate-900">
        Payment
      </h2>
      {pi.payment_address ? (
        <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
          <QrCode text={pi.payment_address} />
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-800">Payment address</p>
            <p className="break-all font-mono text-xs text-slate-900" data-testid="payment-address">
              {pi.payment_address}
            </p>
            <div className="mt-2">
              <CopyButton text={pi.payment_address} label="Copy payment address" />
            </div>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-700">The payment address is generated when the invoice is approved.</p>
      )}
      <dl className="space-y-1.5 text-sm">
        <Total label="Chain" value={chain?.name ?? pi.payment_chain_id} />
        <Total label="Token" value={pi.symbol} />
        <Total label="Amount due" value={`${pi.crypto_amount} ${pi.symbol}`} strong />
        {pi.fiat_amount ? <Total label="Fiat amount" value={`${pi.fiat_amount} ${pi.fiat_currency ?? ""}`} /> : null}
        <Total label="Received" value={pi.received_crypto_amount ? `${pi.received_crypto_amount} ${pi.symbol}` : "—"} />
        {difference && difference.sign !== 0 ? (
          <Total
            label={difference.sign > 0 ? "Overpaid by" : "Underpaid by"}
            value={`${difference.difference} ${pi.symbol}`}
          />
        ) : null}
        <Total label="Payment status" value={pi.status} />
        <Total
          label="Deadline"
          value={
            pi.payment_deadline
              ? `${formatDateTime(pi.payment_deadline)}${invoice.status === "approved" ? ` (${countdown(pi.payment_deadline, now)})` : ""}`
              : "—"
          }
        />
        {pi.partial_refund_address ? <Total label="Refund address" value={pi.partial_refund_address} /> : null}
      </dl>
      {hashes.length ? (
        <div className="text-sm">
          <p className="font-medium text-slate-800">Transactions</p>
          <ul className="mt-1 space-y-1">
            {hashes.map(([label, hash]) => (
              <li key={label}>
                {label}:{" "}
                {chain ? (
                  <a
                    href={`${chain.explorerTxUrl}${hash}`}
                    target="_blank"
                    rel="noreferrer"
                    className="break-all font-mono text-xs text-indigo-800 underline"
                  >
                    {hash}
                  </a>
                ) : (
                  <span className="break-all font-mono text-xs">{hash}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <SimulatePayment invoice={invoice} />
    </section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-semibold text-slate-900" : "text-slate-800"}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums" data-testid={`total-${label.toLowerCase().replace(/\s+/g, "-")}`}>
        {value}
      </dd>
    </div>
  );
}

"use client";
import Link from "next/link";
import { Amount, DateTime, Money } from "@/components/payments/amount";
import { createdColumn, dueColumn, RecordList, statusColumn, type Column, type SelectFilter, type TextFilter } from "@/components/payments/record-list";
import { StatusBadge } from "@/components/payments/status-badge";
import { PAYMENT_INTENTS, pagePath } from "@/lib/console/resources";
import type { StandalonePaymentIntent } from "@/lib/console/types";
import { CHAINS, TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";

const SELECT_FILTERS: SelectFilter[] = [
  { key: "chain", label: "columns.chain", anyLabel: "columns.anyChain", options: CHAINS.map((chain) => ({ value: chain.id, label: chain.name })) },
  { key: "token", label: "columns.token", anyLabel: "columns.anyToken", options: TOKEN_SYMBOLS.map((symbol) => ({ value: symbol, label: symbol })) },
];

const TEXT_FILTERS: TextFilter[] = [
  { key: "group_key", label: "Group key", labelKey: "columns.groupKey" },
  { key: "created_from", label: "Created from", labelKey: "columns.createdFrom", type: "date" },
  { key: "created_to", label: "Created to", labelKey: "columns.createdTo", type: "date" },
];

const COLUMNS: Column<StandalonePaymentIntent>[] = [
  {
    header: "Payment intent",
    labelKey: "columns.paymentIntent",
    className: "whitespace-nowrap font-medium",
    cell: (intent) => (
      <>
        <Link href={pagePath(PAYMENT_INTENTS, intent.id)} className="font-mono text-xs text-indigo-800 underline-offset-2 hover:underline">
          {intent.id}
        </Link>
        <div className="mt-1 sm:hidden">
          <StatusBadge status={intent.status} />
        </div>
      </>
    ),
  },
  {
    header: "Deposit address",
    labelKey: "columns.depositAddress",
    className: "hidden max-w-[14rem] lg:table-cell",
    cell: (intent) => <span className="block truncate font-mono text-xs text-slate-800" title={intent.payment_address}>{intent.payment_address || "—"}</span>,
  },
  {
    header: "Amount",
    labelKey: "columns.amount",
    sort: "amount",
    className: "text-right tabular-nums",
    cell: (intent) => (
      <>
        <Amount value={intent.crypto_amount} unit={intent.symbol} maxLength={10} />
        <div className="text-xs text-slate-600">
          {intent.payment_chain_id}
          {intent.fiat_amount ? (
            <>
              {" · "}
              <Money value={intent.fiat_amount} currency={intent.fiat_currency ?? ""} />
            </>
          ) : null}
        </div>
      </>
    ),
  },
  {
    header: "Received",
    labelKey: "columns.received",
    className: "hidden text-right tabular-nums md:table-cell",
    cell: (intent) => (intent.received_crypto_amount ? <Amount value={intent.received_crypto_amount} unit={intent.symbol} maxLength={10} /> : "—"),
  },
  statusColumn(),
  dueColumn((intent) => (intent.payment_deadline ? <DateTime value={intent.payment_deadline} /> : null)),
  createdColumn(),
];

export function PaymentIntentList() {
  return <RecordList resource={PAYMENT_INTENTS} textFilters={TEXT_FILTERS} selectFilters={SELECT_FILTERS} columns={COLUMNS} />;
}

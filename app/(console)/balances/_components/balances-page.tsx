"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { WithdrawalForm } from "./withdrawal-form";
import { Amount } from "@/components/payments/amount";
import { Code, ErrorNote, Section } from "@/components/payments/detail";
import { ExportLink, SortableHeader } from "@/components/payments/list-controls";
import { useViewer } from "@/components/providers";
import { cellClass, headClass, Pager, useUrlList } from "@/components/ui/url-list";
import { useFormat } from "@/lib/console/i18n/use-format";
import { LEDGER_FILTER_KEYS } from "@/lib/console/list-query";
import { LEDGER_LIST, useBalances, useWithdrawals } from "@/lib/console/queries";
import { PAYMENT_INTENTS, pagePath } from "@/lib/console/resources";
import type { LedgerEntry, ListData } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";
import type { LedgerKind } from "@/lib/studio/balances/ledger";

const LEDGER_KINDS: readonly LedgerKind[] = ["invoice_settlement", "payout_excess", "payment_settlement", "payment_refund", "withdrawal", "reorg_reversal", "send_failed"];
const isLedgerKind = (kind: string): kind is LedgerKind => (LEDGER_KINDS as readonly string[]).includes(kind);

/**
 * The organization's balances per chain and token, the withdrawal form for people who may move
 * funds (transfer:sign), and the ledger behind the balances, newest first, paged in the URL.
 */
export function BalancesPage() {
  const viewer = useViewer();
  const balances = useBalances();
  const canWithdraw = viewer.permissions.includes("transfer:sign");
  const t = useTranslations("balances");
  const format = useFormat();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
      {balances.error ? <ErrorNote>{t("loadFailed", { message: balances.error.message })}</ErrorNote> : null}
      <div className={`grid gap-6 ${canWithdraw ? "lg:grid-cols-3" : ""}`}>
        <div className={canWithdraw ? "lg:col-span-2" : ""}>
          <Section id="balances" title={t("available")}>
            <div className="mt-3 overflow-x-auto" aria-busy={balances.isFetching} data-state={balances.isPending ? "loading" : "ready"}>
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption className="sr-only">{t("caption")}</caption>
                <thead className={headClass}>
                  <tr>
                    <th scope="col" className={cellClass}>{t("chain")}</th>
                    <th scope="col" className={cellClass}>{t("token")}</th>
                    <th scope="col" className={`${cellClass} text-right`}>{t("available")}</th>
                    <th scope="col" className={`${cellClass} hidden sm:table-cell`}>{t("updated")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {balances.data?.map((balance) => (
                    <tr key={`${balance.chain_id}-${balance.symbol}`} data-testid={`balance-${balance.chain_id}-${balance.symbol}`}>
                      <td className={cellClass}>{findChain(balance.chain_id)?.name ?? balance.chain_id}</td>
                      <td className={cellClass}>{balance.symbol}</td>
                      <td className={`${cellClass} text-right tabular-nums`} data-testid="balance-amount">
                        <Amount value={balance.amount} />
                        {/* Requests awaiting approval hold this much apart: not in the amount above. */}
                        {balance.reserved !== "0" ? (
                          <div className="text-xs text-slate-600" data-testid="balance-reserved">
                            {t("reserved", { amount: balance.reserved })}
                          </div>
                        ) : null}
                      </td>
                      <td className={`${cellClass} hidden whitespace-nowrap text-slate-700 sm:table-cell`}>{format.dateTime(balance.updated_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {balances.data && balances.data.length === 0 ? <p className="px-4 py-6 text-center text-slate-700">{t("nothingReceived")}</p> : null}
            </div>
          </Section>
        </div>
        {canWithdraw && balances.data && balances.data.length ? <WithdrawalForm balances={balances.data} /> : null}
      </div>
      <Withdrawals />
      <Ledger />
    </div>
  );
}

/** The latest withdrawals: a request its approval policy holds shows the step it waits for (approved from the inbox). */
function Withdrawals() {
  const withdrawals = useWithdrawals();
  const rows = withdrawals.data?.data;
  const t = useTranslations("balances");
  const format = useFormat();
  return (
    <Section id="withdrawals" title={t("withdrawals")}>
      {withdrawals.error ? <ErrorNote>{t("withdrawalsFailed", { message: withdrawals.error.message })}</ErrorNote> : null}
      <div className="mt-3 overflow-x-auto" aria-busy={withdrawals.isFetching} data-state={withdrawals.isPending ? "loading" : "ready"}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t("withdrawalsCaption")}</caption>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={cellClass}>{t("requested")}</th>
              <th scope="col" className={`${cellClass} text-right`}>{t("amount")}</th>
              <th scope="col" className={cellClass}>{t("status")}</th>
              <th scope="col" className={`${cellClass} hidden md:table-cell`}>{t("to")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows?.map((transfer) => (
              <tr key={transfer.id} data-testid="withdrawal-row" data-id={transfer.id}>
                <td className={`${cellClass} text-slate-700 sm:whitespace-nowrap`}>
                  {format.dateTime(transfer.created_at)}
                  <div className="text-xs text-slate-600">{findChain(transfer.chain_id)?.name ?? transfer.chain_id}</div>
                </td>
                <td className={`${cellClass} text-right tabular-nums`}>
                  <Amount value={transfer.amount} unit={transfer.symbol} />
                </td>
                <td className={cellClass} data-testid="withdrawal-status">
                  {t(`transferStatus.${transfer.status}`)}
                  {transfer.approval?.policy_step ? <div className="text-xs text-slate-600">{t("approvalStep", { step: transfer.approval.policy_step })}</div> : null}
                  {transfer.reject_reason ? <div className="text-xs text-slate-600">{transfer.reject_reason}</div> : null}
                </td>
                <td className={`${cellClass} hidden md:table-cell`}>
                  <Code>{transfer.wallet_address}</Code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows && rows.length === 0 ? <p className="px-4 py-6 text-center text-slate-700">{t("noWithdrawals")}</p> : null}
      </div>
    </Section>
  );
}

function Ledger() {
  const { data, error, state, params, go, page, pageSize, total } = useUrlList<ListData<LedgerEntry, string>>(LEDGER_LIST);
  const kind = params.get("kind") ?? "";
  const t = useTranslations("balances");
  const format = useFormat();

  return (
    <Section id="ledger" title={t("ledger")}>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="ledger-kind" className="mb-1 block text-sm font-medium text-slate-800">
            {t("ledgerKind")}
          </label>
          <select id="ledger-kind" value={kind} onChange={(event) => go({ kind: event.target.value || undefined })} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
            <option value="">{t("allMovements")}</option>
            {LEDGER_KINDS.map((value) => (
              <option key={value} value={value}>
                {t("kindOption", { label: t(`kind.${value}`), count: data?.counts[value] ?? "…" })}
              </option>
            ))}
          </select>
        </div>
        <ExportLink list="ledger" keys={LEDGER_FILTER_KEYS} />
      </div>
      {error ? <ErrorNote>{t("ledgerFailed", { message: error.message })}</ErrorNote> : null}
      <div className="mt-3 overflow-x-auto" {...state} data-testid="ledger">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t("ledger")}</caption>
          <thead className={headClass}>
            <tr>
              <SortableHeader label={t("when")} sortKey="created_at" className={cellClass} />
              <th scope="col" className={cellClass}>{t("movement")}</th>
              <SortableHeader label={t("amount")} sortKey="amount" className={`${cellClass} text-right`} />
              <th scope="col" className={`${cellClass} hidden md:table-cell`}>{t("reference")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data?.data.map((entry) => (
              <tr key={entry.id} data-testid="ledger-row" data-reference={entry.reference}>
                {/* On phones the time goes under the date, leaving the amount its room. */}
                <td className={`${cellClass} text-slate-700 sm:whitespace-nowrap`}>{format.dateTime(entry.created_at)}</td>
                <td className={cellClass}>
                  <div className="text-slate-900">{isLedgerKind(entry.kind) ? t(`kind.${entry.kind}`) : entry.kind}</div>
                  <div className="text-xs text-slate-600">{findChain(entry.chain_id)?.name ?? entry.chain_id}</div>
                </td>
                <td className={`${cellClass} text-right tabular-nums ${entry.amount.startsWith("-") ? "text-red-800" : "text-emerald-800"}`}>
                  <Amount value={entry.amount.startsWith("-") ? entry.amount : `+${entry.amount}`} unit={entry.symbol} />
                </td>
                <td className={`${cellClass} hidden md:table-cell`}>
                  <LedgerReference entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.data.length === 0 ? <p className="px-4 py-6 text-center text-slate-700">{t("noMovements")}</p> : null}
      </div>
      <Pager label={t("ledgerPages")} testId="ledger-summary" noun={[t("movementOne"), t("movementOther")]} loaded={data !== undefined} {...{ total, page, pageSize, go }} />
    </Section>
  );
}

/** What a movement came from: a standalone payment links to its page; a withdrawal shows its id. */
function LedgerReference({ entry }: { entry: LedgerEntry }) {
  if (entry.transfer_id) return <Code>{entry.transfer_id}</Code>;
  if (entry.payment_intent_id && (entry.kind === "payment_settlement" || entry.kind === "payment_refund")) {
    return (
      <Link href={pagePath(PAYMENT_INTENTS, entry.payment_intent_id)} className="break-all font-mono text-xs text-indigo-800 underline">
        {entry.payment_intent_id}
      </Link>
    );
  }
  return <Code>{entry.payment_intent_id ?? entry.reference}</Code>;
}

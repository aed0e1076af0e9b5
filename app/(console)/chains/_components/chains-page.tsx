"use client";
import { useTranslations } from "next-intl";
import { Code, ErrorNote, Section } from "@/components/payments/detail";
import { useViewer } from "@/components/providers";
import { cellClass, headClass } from "@/components/ui/url-list";
import { useFormat } from "@/lib/console/i18n/use-format";
import { useChains, useUnmatchedDeposits } from "@/lib/console/queries";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";
import type { ChainStatus } from "@/lib/console/types";
import { SendsToReview } from "./sends-to-review";

/**
 * Reconciliation for admins: each chain as the server reaches it, what the treasury holds on
 * chain beside the ledger, the gas tank, and plain warnings for what needs a person.
 */
export function ChainsPage() {
  const viewer = useViewer();
  const chains = useChains();
  const t = useTranslations("chains");
  if (!viewer.permissions.includes(ORG_MANAGE_PERMISSION)) return <ErrorNote>{t("managersOnly")}</ErrorNote>;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
      {chains.error ? <ErrorNote>{t("loadFailed", { message: chains.error.message })}</ErrorNote> : null}
      <div aria-busy={chains.isFetching} data-state={chains.isPending ? "loading" : "ready"} className="space-y-6">
        {chains.data?.map((chain) => <ChainSection key={chain.id} chain={chain} />)}
      </div>
      <UnmatchedDeposits />
    </div>
  );
}

function ChainSection({ chain }: { chain: ChainStatus }) {
  const t = useTranslations("chains");
  const format = useFormat();
  const facts: Array<[string, React.ReactNode]> = [
    [t("facts.mode"), t(`modes.${chain.mode}`)],
    [t("facts.treasury"), <Code key="treasury">{chain.treasury_address}</Code>],
  ];
  if (chain.mode === "rpc") {
    facts.push(
      [t("facts.chainId"), String(chain.chain_id)],
      [t("facts.node"), chain.reachable ? t("answering") : t("unreachable")],
      [t("facts.headBlock"), chain.head_block ?? "—"],
      [t("facts.scannedTo"), chain.scanned_block ?? "—"],
      [t("facts.confirmations"), String(chain.confirmations)],
      [t("facts.gasTank"), <Code key="tank">{chain.gas_tank_address}</Code>],
      [t("facts.gasTankBalance"), chain.gas_tank_balance ? format.amount(chain.gas_tank_balance) : "—"],
    );
  }
  facts.push([t("facts.pendingSends"), String(chain.pending_sends)], [t("facts.failedSends"), String(chain.failed_sends)]);
  return (
    <Section id={`chain-${chain.id}`} title={`${chain.name} (${chain.id})`}>
      {chain.warnings.length > 0 ? (
        <ul className="mt-3 space-y-1" aria-label={t("warningsFor", { chain: chain.name })}>
          {chain.warnings.map((warning) => (
            <li key={warning} role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {warning}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="w-40 shrink-0 text-slate-700">{label}</dt>
            <dd className="min-w-0 break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <table className="mt-4 min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("balancesCaption", { chain: chain.name })}</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={cellClass}>{t("token")}</th>
            <th scope="col" className={`${cellClass} text-right`}>{t("onChain")}</th>
            <th scope="col" className={`${cellClass} text-right`}>{t("ledger")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {chain.tokens.map((token) => (
            <tr key={token.symbol}>
              <td className={cellClass}>{token.symbol}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{token.on_chain_balance ? format.amount(token.on_chain_balance) : "—"}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{format.amount(token.ledger_balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <QuarantinedSends chain={chain} />
      <SendsToReview chain={chain} />
    </Section>
  );
}

/** Sends whose row failed the custody check: nothing was signed for them; an operator decides. */
function QuarantinedSends({ chain }: { chain: ChainStatus }) {
  const t = useTranslations("chains");
  const format = useFormat();
  if (chain.quarantined_sends.length === 0) return null;
  return (
    <div className="mt-4 overflow-x-auto">
      <p className="text-sm text-slate-700">{t("quarantinedHelp")}</p>
      <table className="mt-2 min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("quarantinedCaption", { chain: chain.name })}</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={cellClass}>{t("send")}</th>
            <th scope="col" className={cellClass}>{t("purpose")}</th>
            <th scope="col" className={`${cellClass} text-right`}>{t("amount")}</th>
            <th scope="col" className={cellClass}>{t("to")}</th>
            <th scope="col" className={cellClass}>{t("why")}</th>
            <th scope="col" className={cellClass}>{t("quarantinedAt")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {chain.quarantined_sends.map((send) => (
            <tr key={send.id}>
              <td className={`${cellClass} break-all`}>
                <Code>{send.id}</Code>
              </td>
              <td className={cellClass}>{send.purpose}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{format.amount(send.amount)}</td>
              <td className={`${cellClass} break-all`}>
                <Code>{send.to_address}</Code>
              </td>
              <td className={cellClass}>{send.reason}</td>
              <td className={cellClass}>{format.dateTime(send.quarantined_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Transfers that reached a deposit address and paid nothing: the funds wait there to be returned. */
function UnmatchedDeposits() {
  const deposits = useUnmatchedDeposits();
  const t = useTranslations("chains");
  const format = useFormat();
  if (deposits.error) return <ErrorNote>{t("unmatchedFailed", { message: deposits.error.message })}</ErrorNote>;
  if (!deposits.data || deposits.data.length === 0) return null;
  return (
    <Section id="unmatched-deposits" title={t("unmatchedTitle")}>
      <p className="mt-2 text-sm text-slate-700">
        {t("unmatchedHelp")}
      </p>
      <div className="mt-4 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("unmatchedTitle")}</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={cellClass}>{t("chain")}</th>
            <th scope="col" className={`${cellClass} text-right`}>{t("amount")}</th>
            <th scope="col" className={cellClass}>{t("why")}</th>
            <th scope="col" className={cellClass}>{t("from")}</th>
            <th scope="col" className={cellClass}>{t("toDeposit")}</th>
            <th scope="col" className={cellClass}>{t("transaction")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deposits.data.map((deposit) => (
            <tr key={`${deposit.chain_id}:${deposit.tx_hash}:${deposit.log_index}`}>
              <td className={cellClass}>{deposit.chain_id}</td>
              <td className={`${cellClass} text-right tabular-nums`}>
                {format.amount(deposit.amount)} {deposit.token_symbol ?? deposit.token_address}
              </td>
              <td className={cellClass} title={deposit.note ?? undefined}>
                {t(`reasons.${deposit.reason}`)}
              </td>
              <td className={`${cellClass} break-all`}>
                <Code>{deposit.from_address}</Code>
              </td>
              <td className={`${cellClass} break-all`}>
                <Code>{deposit.to_address}</Code>
              </td>
              <td className={`${cellClass} break-all`}>
                <Code>{deposit.tx_hash}</Code> {t("logBlock", { log: String(deposit.log_index), block: String(deposit.block_number) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </Section>
  );
}

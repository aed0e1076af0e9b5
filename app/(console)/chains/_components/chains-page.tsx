"use client";
import { Code, ErrorNote, Section } from "@/components/payments/detail";
import { useViewer } from "@/components/providers";
import { cellClass, headClass } from "@/components/ui/url-list";
import { useChains, useUnmatchedDeposits } from "@/lib/console/queries";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";
import type { ChainStatus, UnmatchedDeposit } from "@/lib/console/types";

const MODE_LABELS: Record<ChainStatus["mode"], string> = { rpc: "Node (JSON-RPC)", sandbox: "Sandbox", unavailable: "Unavailable" };
const REASON_LABELS: Record<UnmatchedDeposit["reason"], string> = {
  wrong_token: "Wrong token",
  refused: "Record takes no funds",
  no_key: "Address without HD index",
};

/**
 * Reconciliation for admins: each chain as the server reaches it, what the treasury holds on
 * chain beside the ledger, the gas tank, and plain warnings for what needs a person.
 */
export function ChainsPage() {
  const viewer = useViewer();
  const chains = useChains();
  if (!viewer.permissions.includes(ORG_MANAGE_PERMISSION)) return <ErrorNote>Only people who manage the organization see its chains.</ErrorNote>;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Chains</h1>
      {chains.error ? <ErrorNote>Could not load chains: {chains.error.message}</ErrorNote> : null}
      <div aria-busy={chains.isFetching} data-state={chains.isPending ? "loading" : "ready"} className="space-y-6">
        {chains.data?.map((chain) => <ChainSection key={chain.id} chain={chain} />)}
      </div>
      <UnmatchedDeposits />
    </div>
  );
}

function ChainSection({ chain }: { chain: ChainStatus }) {
  const facts: Array<[string, React.ReactNode]> = [
    ["Mode", MODE_LABELS[chain.mode]],
    ["Treasury", <Code key="treasury">{chain.treasury_address}</Code>],
  ];
  if (chain.mode === "rpc") {
    facts.push(
      ["Chain id", String(chain.chain_id)],
      ["Node", chain.reachable ? "answering" : "unreachable"],
      ["Head block", chain.head_block ?? "—"],
      ["Scanned to", chain.scanned_block ?? "—"],
      ["Confirmations", String(chain.confirmations)],
      ["Gas tank", <Code key="tank">{chain.gas_tank_address}</Code>],
      ["Gas tank balance", chain.gas_tank_balance ?? "—"],
    );
  }
  facts.push(["Sends on their way", String(chain.pending_sends)], ["Failed sends", String(chain.failed_sends)]);
  return (
    <Section id={`chain-${chain.id}`} title={`${chain.name} (${chain.id})`}>
      {chain.warnings.length > 0 ? (
        <ul className="mt-3 space-y-1" aria-label={`Warnings for ${chain.name}`}>
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
        <caption className="sr-only">{chain.name} balances</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={cellClass}>Token</th>
            <th scope="col" className={`${cellClass} text-right`}>On chain (treasury)</th>
            <th scope="col" className={`${cellClass} text-right`}>Ledger</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {chain.tokens.map((token) => (
            <tr key={token.symbol}>
              <td className={cellClass}>{token.symbol}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{token.on_chain_balance ?? "—"}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{token.ledger_balance}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** Transfers that reached a deposit address and paid nothing: the funds wait there to be returned. */
function UnmatchedDeposits() {
  const deposits = useUnmatchedDeposits();
  if (deposits.error) return <ErrorNote>Could not load the transfers that paid nothing: {deposits.error.message}</ErrorNote>;
  if (!deposits.data || deposits.data.length === 0) return null;
  return (
    <Section id="unmatched-deposits" title="Transfers that paid nothing">
      <p className="mt-2 text-sm text-slate-700">
        These reached a deposit address at depth but do not pay its record. The funds are on the address: return them to the sender.
      </p>
      <div className="mt-4 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Transfers that paid nothing</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={cellClass}>Chain</th>
            <th scope="col" className={`${cellClass} text-right`}>Amount</th>
            <th scope="col" className={cellClass}>Why</th>
            <th scope="col" className={cellClass}>From</th>
            <th scope="col" className={cellClass}>To (deposit address)</th>
            <th scope="col" className={cellClass}>Transaction</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deposits.data.map((deposit) => (
            <tr key={`${deposit.chain_id}:${deposit.tx_hash}:${deposit.log_index}`}>
              <td className={cellClass}>{deposit.chain_id}</td>
              <td className={`${cellClass} text-right tabular-nums`}>
                {deposit.amount} {deposit.token_symbol ?? deposit.token_address}
              </td>
              <td className={cellClass} title={deposit.note ?? undefined}>
                {REASON_LABELS[deposit.reason]}
              </td>
              <td className={`${cellClass} break-all`}>
                <Code>{deposit.from_address}</Code>
              </td>
              <td className={`${cellClass} break-all`}>
                <Code>{deposit.to_address}</Code>
              </td>
              <td className={`${cellClass} break-all`}>
                <Code>{deposit.tx_hash}</Code> (log {deposit.log_index}, block {deposit.block_number})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </Section>
  );
}

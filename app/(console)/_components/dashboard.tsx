"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Amount } from "@/components/payments/amount";
import { ErrorNote, Section } from "@/components/payments/detail";
import { useListUrl } from "@/components/payments/list-controls";
import { useViewer } from "@/components/providers";
import { dashboardQuery } from "@/lib/console/queries";
import type { Dashboard as Figures, DashboardInterval } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";

const INTERVALS: ReadonlyArray<{ value: DashboardInterval; label: string; span: string }> = [
  { value: "day", label: "Daily", span: "last 30 days" },
  { value: "week", label: "Weekly", span: "last 12 weeks" },
  { value: "month", label: "Monthly", span: "last 12 months" },
];

const FUNNEL_LABELS: Record<keyof Figures["funnel"], string> = { created: "Created", approved: "Approved", paid: "Paid", signed: "Signed" };
const AGING_LABELS: Record<Figures["aging"][number]["bucket"], string> = {
  not_due: "Not due",
  "1_30": "1–30 days",
  "31_60": "31–60 days",
  "61_90": "61–90 days",
  over_90: "Over 90 days",
};

/** `amount / max` for a bar's length: exact decimals compared as integers at a common scale, never as floats. */
function share(amount: string, max: string): number {
  const scale = Math.max(amount.split(".")[1]?.length ?? 0, max.split(".")[1]?.length ?? 0);
  const units = (value: string) => {
    const [whole, fraction = ""] = value.replace("-", "").split(".");
    return BigInt(`${whole}${fraction.padEnd(scale, "0")}`);
  };
  const denominator = units(max);
  return denominator === 0n ? 0 : Number((units(amount) * 1000n) / denominator) / 1000;
}

function largest(amounts: string[]): string {
  return amounts.reduce((best, amount) => (share(amount, best) > 1 ? amount : best), amounts[0] ?? "0");
}

/**
 * The dashboard at `/`: money in and out per period, the invoice funnel, receivables aging, what
 * awaits the person and the balances, from one aggregate read (GET /dashboard). Every chart is
 * plain SVG or CSS bars with its figures in a table beside it for screen readers and keyboard users.
 */
export function Dashboard() {
  const viewer = useViewer();
  const canRead = viewer.permissions.includes("transfer:read");
  const { params, go } = useListUrl();
  const query = dashboardQuery(new URLSearchParams(params.toString()));
  const figures = useQuery({ queryKey: query.queryKey, queryFn: query.queryFn, enabled: canRead });
  const interval = (params.get("interval") ?? "day") as DashboardInterval;
  const decides = viewer.permissions.includes("transfer:approve") || viewer.permissions.includes("transfer:sign");

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Dashboard</h1>
      {!canRead ? <p className="text-slate-700">Your permissions do not include reading payments, so there are no figures to show.</p> : null}
      {figures.error ? <ErrorNote>Could not load the dashboard: {figures.error.message}</ErrorNote> : null}
      {canRead ? (
        <div className="space-y-6" aria-busy={figures.isFetching} data-state={figures.data && !figures.isFetching ? "ready" : "loading"} data-testid="dashboard">
          {decides ? <Awaiting count={figures.data?.awaiting_action} /> : null}
          <Section id="money" title="Money in and out">
            <div role="group" aria-label="Period" className="mt-3 flex flex-wrap gap-2">
              {INTERVALS.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={interval === option.value}
                  onClick={() => go({ interval: option.value === "day" ? undefined : option.value }, { scroll: false })}
                  className={`rounded-md border px-3 py-1.5 text-sm font-medium ${interval === option.value ? "border-indigo-700 bg-indigo-50 text-indigo-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
                >
                  {option.label}
                </button>
              ))}
            </div>
            {figures.data ? (
              <div className="mt-4 grid gap-6 lg:grid-cols-2">
                <MoneySeries title="Received" testId="received" rows={figures.data.received} span={INTERVALS.find((option) => option.value === interval)?.span ?? ""} />
                <MoneySeries title="Paid out" testId="paid-out" rows={figures.data.paid_out} span={INTERVALS.find((option) => option.value === interval)?.span ?? ""} />
              </div>
            ) : (
              <div className="mt-4 h-48 animate-pulse rounded bg-slate-100" />
            )}
          </Section>
          <div className="grid gap-6 lg:grid-cols-2">
            <Section id="funnel" title="Invoice funnel">{figures.data ? <Funnel funnel={figures.data.funnel} /> : <div className="mt-3 h-32 animate-pulse rounded bg-slate-100" />}</Section>
            <Section id="aging" title="Receivables aging">{figures.data ? <Aging rows={figures.data.aging} /> : <div className="mt-3 h-32 animate-pulse rounded bg-slate-100" />}</Section>
          </div>
          <Section id="chain-balances" title="Balances per chain">
            {figures.data ? <Balances rows={figures.data.balances} /> : <div className="mt-3 h-24 animate-pulse rounded bg-slate-100" />}
          </Section>
        </div>
      ) : null}
    </div>
  );
}

function Awaiting({ count }: { count: number | undefined }) {
  return (
    <section aria-labelledby="awaiting-heading" className="rounded-lg border border-indigo-200 bg-indigo-50 p-4">
      <h2 id="awaiting-heading" className="text-sm font-semibold uppercase tracking-wide text-indigo-900">
        Awaiting your action
      </h2>
      <p className="mt-1 text-3xl font-semibold text-slate-900" data-testid="awaiting-count">
        {count ?? "…"}
      </p>
      <p className="mt-1 text-sm text-slate-800">
        Records waiting for an approval, a sign-off or a refund you may give:{" "}
        <Link href="/invoices?status_category=pending_review" className="text-indigo-800 underline">
          invoices to review
        </Link>
        ,{" "}
        <Link href="/invoices?status_category=action_required" className="text-indigo-800 underline">
          invoices to settle
        </Link>
        ,{" "}
        <Link href="/payouts?status_category=pending_review" className="text-indigo-800 underline">
          payouts to review
        </Link>
        .
      </p>
    </section>
  );
}

type PeriodRow = Figures["received"][number];

/** One token's bars per period, then the same figures as a table. */
function MoneySeries({ title, testId, rows, span }: { title: string; testId: string; rows: PeriodRow[]; span: string }) {
  const tokens = [...new Set(rows.map((row) => row.token))].sort();
  return (
    <div data-testid={testId}>
      <h3 className="text-base font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-700">({span}, UTC)</span>
      </h3>
      {rows.length === 0 ? <p className="mt-2 text-sm text-slate-700">Nothing in this period.</p> : null}
      {tokens.map((token) => {
        const series = rows.filter((row) => row.token === token);
        const max = largest(series.map((row) => row.amount));
        const width = Math.max(series.length * 24, 120);
        return (
          <figure key={token} className="mt-3">
            <figcaption className="text-sm font-medium text-slate-800">{token}</figcaption>
            <svg viewBox={`0 0 ${width} 100`} className="mt-1 h-28 w-full max-w-full" preserveAspectRatio="none" aria-hidden="true">
              {series.map((row, index) => {
                const height = Math.max(2, share(row.amount, max) * 96);
                return <rect key={row.period} x={index * 24 + 4} y={100 - height} width={16} height={height} className="fill-indigo-600" />;
              })}
            </svg>
            <details className="mt-1 text-sm">
              <summary className="cursor-pointer text-indigo-800">{title} in {token} as a table</summary>
              <table className="mt-2 min-w-full text-left">
                <caption className="sr-only">
                  {title} in {token} per period
                </caption>
                <thead>
                  <tr className="text-slate-700">
                    <th scope="col" className="py-1 pr-3">Period from</th>
                    <th scope="col" className="py-1 pr-3 text-right">Amount</th>
                    <th scope="col" className="py-1 text-right">Records</th>
                  </tr>
                </thead>
                <tbody>
                  {series.map((row) => (
                    <tr key={row.period} data-testid={`${testId}-row`}>
                      <td className="py-1 pr-3">{row.period}</td>
                      <td className="py-1 pr-3 text-right tabular-nums">
                        <Amount value={row.amount} unit={row.token} />
                      </td>
                      <td className="py-1 text-right tabular-nums">{row.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </figure>
        );
      })}
    </div>
  );
}

/** Each stage as a labelled bar: the count is text, so the list reads as it looks. */
function Funnel({ funnel }: { funnel: Figures["funnel"] }) {
  const stages = Object.keys(FUNNEL_LABELS) as Array<keyof Figures["funnel"]>;
  return (
    <ol className="mt-3 space-y-2" data-testid="funnel">
      {stages.map((stage) => (
        <li key={stage} className="text-sm">
          <div className="flex justify-between">
            <span className="text-slate-800">{FUNNEL_LABELS[stage]}</span>
            <span className="tabular-nums text-slate-900" data-testid={`funnel-${stage}`}>
              {funnel[stage]}
            </span>
          </div>
          {/* An SVG bar: the console's CSP refuses inline style attributes, so a width in `style` would not apply. */}
          <svg viewBox="0 0 100 2" preserveAspectRatio="none" className="mt-1 h-2 w-full rounded bg-slate-100" aria-hidden="true">
            <rect x={0} y={0} height={2} width={funnel.created ? (funnel[stage] / funnel.created) * 100 : 0} className="fill-indigo-600" />
          </svg>
        </li>
      ))}
    </ol>
  );
}

function Aging({ rows }: { rows: Figures["aging"] }) {
  if (!rows.length) return <p className="mt-3 text-sm text-slate-700">Nothing is outstanding.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid="aging">
        <caption className="sr-only">Outstanding invoice amounts by days past due</caption>
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="py-1 pr-3">Past due</th>
            <th scope="col" className="py-1 pr-3 text-right">Outstanding</th>
            <th scope="col" className="py-1 text-right">Invoices</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.bucket}-${row.token}`} data-testid="aging-row">
              <td className="py-1.5 pr-3">{AGING_LABELS[row.bucket]}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                <Amount value={row.amount} unit={row.token} />
              </td>
              <td className="py-1.5 text-right tabular-nums">{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Balances({ rows }: { rows: Figures["balances"] }) {
  if (!rows.length) return <p className="mt-3 text-sm text-slate-700">Nothing has been received yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid="chain-balances">
        <caption className="sr-only">Balances per chain and token</caption>
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="py-1 pr-3">Chain</th>
            <th scope="col" className="py-1 text-right">Available</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.chain_id}-${row.symbol}`}>
              <td className="py-1.5 pr-3">{findChain(row.chain_id)?.name ?? row.chain_id}</td>
              <td className="py-1.5 text-right tabular-nums">
                <Amount value={row.amount} unit={row.symbol} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

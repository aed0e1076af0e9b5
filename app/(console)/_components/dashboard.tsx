"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Amount } from "@/components/payments/amount";
import { ErrorNote, Section } from "@/components/payments/detail";
import { useListUrl } from "@/components/payments/list-controls";
import { useViewer } from "@/components/providers";
import { useFormat } from "@/lib/console/i18n/use-format";
import { dashboardQuery } from "@/lib/console/queries";
import type { Dashboard as Figures, DashboardInterval } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";

const INTERVALS: readonly DashboardInterval[] = ["day", "week", "month"];
const FUNNEL_STAGES: ReadonlyArray<keyof Figures["funnel"]> = ["created", "approved", "paid", "signed"];

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
  const t = useTranslations("dashboard");
  const span = INTERVALS.includes(interval) ? t(`span.${interval}`) : "";

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
      {!canRead ? <p className="text-slate-700">{t("noRead")}</p> : null}
      {figures.error ? <ErrorNote>{t("loadFailed", { message: figures.error.message })}</ErrorNote> : null}
      {canRead ? (
        <div className="space-y-6" aria-busy={figures.isFetching} data-state={figures.data && !figures.isFetching ? "ready" : "loading"} data-testid="dashboard">
          {decides ? <Awaiting count={figures.data?.awaiting_action} /> : null}
          <Section id="money" title={t("money")}>
            <div role="group" aria-label={t("period")} className="mt-3 flex flex-wrap gap-2">
              {INTERVALS.map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={interval === option}
                  onClick={() => go({ interval: option === "day" ? undefined : option }, { scroll: false })}
                  className={`rounded-md border px-3 py-1.5 text-sm font-medium ${interval === option ? "border-indigo-700 bg-indigo-50 text-indigo-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
                >
                  {t(`interval.${option}`)}
                </button>
              ))}
            </div>
            {figures.data ? (
              <div className="mt-4 grid gap-6 lg:grid-cols-2">
                <MoneySeries title={t("received")} testId="received" rows={figures.data.received} span={span} />
                <MoneySeries title={t("paidOut")} testId="paid-out" rows={figures.data.paid_out} span={span} />
              </div>
            ) : (
              <div className="mt-4 h-48 animate-pulse rounded bg-slate-100" />
            )}
          </Section>
          <div className="grid gap-6 lg:grid-cols-2">
            <Section id="funnel" title={t("funnelTitle")}>{figures.data ? <Funnel funnel={figures.data.funnel} /> : <div className="mt-3 h-32 animate-pulse rounded bg-slate-100" />}</Section>
            <Section id="aging" title={t("agingTitle")}>{figures.data ? <Aging rows={figures.data.aging} /> : <div className="mt-3 h-32 animate-pulse rounded bg-slate-100" />}</Section>
          </div>
          <Section id="chain-balances" title={t("balancesTitle")}>
            {figures.data ? <Balances rows={figures.data.balances} /> : <div className="mt-3 h-24 animate-pulse rounded bg-slate-100" />}
          </Section>
        </div>
      ) : null}
    </div>
  );
}

function Awaiting({ count }: { count: number | undefined }) {
  const t = useTranslations("dashboard");
  const link = (href: string) => (chunks: React.ReactNode) => (
    <Link href={href} className="text-indigo-800 underline">
      {chunks}
    </Link>
  );
  return (
    <section aria-labelledby="awaiting-heading" className="rounded-lg border border-indigo-200 bg-indigo-50 p-4">
      <h2 id="awaiting-heading" className="text-sm font-semibold uppercase tracking-wide text-indigo-900">
        {t("awaitingTitle")}
      </h2>
      <p className="mt-1 text-3xl font-semibold text-slate-900" data-testid="awaiting-count">
        {count ?? "…"}
      </p>
      <p className="mt-1 text-sm text-slate-800">
        {t.rich("awaitingText", {
          review: link("/invoices?status_category=pending_review"),
          settle: link("/invoices?status_category=action_required"),
          payouts: link("/payouts?status_category=pending_review"),
        })}
      </p>
    </section>
  );
}

type PeriodRow = Figures["received"][number];

/** One token's bars per period, then the same figures as a table. */
function MoneySeries({ title, testId, rows, span }: { title: string; testId: string; rows: PeriodRow[]; span: string }) {
  const tokens = [...new Set(rows.map((row) => row.token))].sort();
  const t = useTranslations("dashboard");
  const format = useFormat();
  // The periods are UTC calendar buckets (the API groups by UTC day, week and month), so the span says so.
  return (
    <div data-testid={testId}>
      <h3 className="text-base font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-700">{t("spanUtc", { span })}</span>
      </h3>
      {rows.length === 0 ? <p className="mt-2 text-sm text-slate-700">{t("nothingInPeriod")}</p> : null}
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
              <summary className="cursor-pointer text-indigo-800">{t("asTable", { title, token })}</summary>
              <table className="mt-2 min-w-full text-left">
                <caption className="sr-only">{t("perPeriod", { title, token })}</caption>
                <thead>
                  <tr className="text-slate-700">
                    <th scope="col" className="py-1 pr-3">{t("periodFrom")}</th>
                    <th scope="col" className="py-1 pr-3 text-right">{t("amount")}</th>
                    <th scope="col" className="py-1 text-right">{t("records")}</th>
                  </tr>
                </thead>
                <tbody>
                  {series.map((row) => (
                    <tr key={row.period} data-testid={`${testId}-row`}>
                      <td className="py-1 pr-3">{format.date(row.period)}</td>
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
  const t = useTranslations("dashboard.funnel");
  return (
    <ol className="mt-3 space-y-2" data-testid="funnel">
      {FUNNEL_STAGES.map((stage) => (
        <li key={stage} className="text-sm">
          <div className="flex justify-between">
            <span className="text-slate-800">{t(stage)}</span>
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
  const t = useTranslations("dashboard");
  if (!rows.length) return <p className="mt-3 text-sm text-slate-700">{t("nothingOutstanding")}</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid="aging">
        <caption className="sr-only">{t("agingCaption")}</caption>
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="py-1 pr-3">{t("pastDue")}</th>
            <th scope="col" className="py-1 pr-3 text-right">{t("outstanding")}</th>
            <th scope="col" className="py-1 text-right">{t("invoices")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.bucket}-${row.token}`} data-testid="aging-row">
              <td className="py-1.5 pr-3">{t(`aging.${row.bucket}`)}</td>
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
  const t = useTranslations("dashboard");
  if (!rows.length) return <p className="mt-3 text-sm text-slate-700">{t("nothingReceived")}</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid="chain-balances">
        <caption className="sr-only">{t("balancesCaption")}</caption>
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="py-1 pr-3">{t("chain")}</th>
            <th scope="col" className="py-1 text-right">{t("available")}</th>
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

"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useViewer } from "@/components/providers";
import { StatusBadge } from "@/components/invoices/status-badge";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { apiFetch } from "@/lib/console/api";
import { CATEGORY_LABELS, formatDateTime, STATUS_LABELS } from "@/lib/console/format";
import { apiQuery, withChanges, type FilterKey } from "@/lib/console/list-query";
import type { InvoiceList as InvoiceListData } from "@/lib/console/types";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";

const PAGE_SIZES = ["10", "20", "50", "100"];
const TEXT_FILTERS: Array<{ key: FilterKey; label: string; type?: string }> = [
  { key: "recipient_email", label: "Recipient email", type: "email" },
  { key: "invoice_id", label: "Invoice id" },
  { key: "payment_intent_id", label: "Payment intent id" },
  { key: "created_from", label: "Created from", type: "date" },
  { key: "created_to", label: "Created to", type: "date" },
];

export function InvoiceList() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const viewer = useViewer();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const query = apiQuery(new URLSearchParams(params.toString()));
  const { data, error, isPending, isFetching, isPlaceholderData } = useQuery({
    queryKey: ["invoices", "list", query.toString()],
    queryFn: () => apiFetch<InvoiceListData>(`/api/invoices?${query}`),
    placeholderData: keepPreviousData,
  });
  const go = (changes: Partial<Record<FilterKey, string | undefined>>) => {
    const next = withChanges(new URLSearchParams(params.toString()), changes);
    router.push(next.size ? `${pathname}?${next}` : pathname);
  };
  const category = params.get("status_category") ?? "";
  const pageSize = Number(params.get("page_size") ?? "20");
  const page = Number(params.get("page") ?? "1");
  const total = data?.paging.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const allCount = data ? Object.values(data.counts).reduce((sum, count) => sum + count, 0) : undefined;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Invoices</h1>
        {viewer.permissions.includes("transfer:create") ? (
          <Link href="/invoices/new" className={buttonClass.primary}>
            New invoice
          </Link>
        ) : null}
      </div>

      <div role="tablist" aria-label="Status category" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {["", ...STATUS_CATEGORIES].map((value) => {
          const selected = category === value;
          const count = value ? data?.counts[value as keyof InvoiceListData["counts"]] : allCount;
          return (
            <button
              key={value || "all"}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => go({ status_category: value || undefined, status: undefined })}
              className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                selected ? "border-indigo-700 text-indigo-800" : "border-transparent text-slate-700 hover:text-slate-900"
              }`}
            >
              {value ? CATEGORY_LABELS[value as keyof typeof CATEGORY_LABELS] : "All"}
              <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">{count ?? "…"}</span>
            </button>
          );
        })}
      </div>

      <button
        type="button"
        className={`${buttonClass.secondary} sm:hidden`}
        aria-expanded={filtersOpen}
        aria-controls="invoice-filters"
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        {filtersOpen ? "Hide filters" : "Show filters"}
      </button>
      <form
        id="invoice-filters"
        key={params.toString()}
        aria-label="Filters"
        className={`${filtersOpen ? "grid" : "hidden"} grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid sm:grid-cols-2 lg:grid-cols-4`}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const value = (key: string) => String(form.get(key) ?? "").trim() || undefined;
          go({
            search: value("search"),
            status: value("status"),
            settlement_type: value("settlement_type"),
            ...Object.fromEntries(TEXT_FILTERS.map(({ key }) => [key, value(key)])),
          });
        }}
      >
        <div className="sm:col-span-2">
          <label htmlFor="filter-search" className={labelClass}>
            Search
          </label>
          <input
            id="filter-search"
            name="search"
            type="search"
            defaultValue={params.get("search") ?? ""}
            placeholder="Recipient, organization, invoice id…"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="filter-status" className={labelClass}>
            Status
          </label>
          <select id="filter-status" name="status" defaultValue={params.get("status") ?? ""} className={inputClass}>
            <option value="">Any status</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-settlement" className={labelClass}>
            Settlement type
          </label>
          <select
            id="filter-settlement"
            name="settlement_type"
            defaultValue={params.get("settlement_type") ?? ""}
            className={inputClass}
          >
            <option value="">Any</option>
            <option value="crypto">Crypto</option>
            <option value="fiat">Fiat</option>
          </select>
        </div>
        {TEXT_FILTERS.map(({ key, label, type }) => (
          <div key={key}>
            <label htmlFor={`filter-${key}`} className={labelClass}>
              {label}
            </label>
            <input id={`filter-${key}`} name={key} type={type ?? "text"} defaultValue={params.get(key) ?? ""} className={inputClass} />
          </div>
        ))}
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass.primary}>
            Apply filters
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => router.push(pathname)}>
            Clear
          </button>
        </div>
      </form>

      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          Could not load invoices: {error.message}
        </p>
      ) : null}

      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        aria-busy={isFetching}
        data-state={isPending || isPlaceholderData ? "loading" : "ready"}
        data-query={query.toString()}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Invoices</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">Invoice</th>
              <th scope="col" className="px-3 py-2">Recipient / organization</th>
              <th scope="col" className="px-3 py-2 text-right">Amount</th>
              <th scope="col" className="hidden px-3 py-2 text-right md:table-cell">Fiat amount</th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">Status</th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">Created</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {isPending
              ? Array.from({ length: 5 }, (_, index) => (
                  <tr key={index} aria-hidden="true">
                    {Array.from({ length: 6 }, (__, cell) => (
                      <td key={cell} className={`px-3 py-3 ${cell > 2 ? "hidden md:table-cell" : ""}`}>
                        <div className="h-4 animate-pulse rounded bg-slate-200" />
                      </td>
                    ))}
                  </tr>
                ))
              : data?.data.map((invoice) => (
                  <tr
                    key={invoice.id}
                    className="cursor-pointer hover:bg-slate-50"
                    onClick={() => router.push(`/invoices/${invoice.id}`)}
                  >
                    <td className="whitespace-nowrap px-3 py-2 font-medium">
                      <Link href={`/invoices/${invoice.id}`} className="text-indigo-800 underline-offset-2 hover:underline">
                        {invoice.invoice_id}
                      </Link>
                      <div className="mt-1 sm:hidden">
                        <StatusBadge status={invoice.status} />
                      </div>
                    </td>
                    <td className="px-3 py-2">
                      <div className="text-slate-900">{invoice.recipient_name}</div>
                      <div className="text-slate-600">{invoice.organization_name}</div>
                    </td>
                    <td className="max-w-36 break-all px-3 py-2 text-right tabular-nums sm:max-w-none sm:whitespace-nowrap sm:break-normal">
                      {invoice.payment_intent.crypto_amount} {invoice.payment_intent.symbol}
                      <div className="text-xs text-slate-600">{invoice.payment_intent.payment_chain_id}</div>
                    </td>
                    <td className="hidden whitespace-nowrap px-3 py-2 text-right tabular-nums md:table-cell">
                      {invoice.payment_intent.fiat_amount
                        ? `${invoice.payment_intent.fiat_amount} ${invoice.payment_intent.fiat_currency ?? ""}`
                        : "—"}
                    </td>
                    <td className="hidden px-3 py-2 sm:table-cell">
                      <StatusBadge status={invoice.status} />
                    </td>
                    <td className="hidden whitespace-nowrap px-3 py-2 text-slate-700 md:table-cell">{formatDateTime(invoice.created_at)}</td>
                  </tr>
                ))}
          </tbody>
        </table>
        {data && data.data.length === 0 ? (
          <p className="px-4 py-10 text-center text-slate-700">No invoices match these filters.</p>
        ) : null}
      </div>

      <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-slate-700" data-testid="paging-summary">
          {data ? `${total} invoice${total === 1 ? "" : "s"} · page ${page} of ${pages}` : "Loading…"}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor="page-size" className="text-slate-700">
            Page size
          </label>
          <select
            id="page-size"
            value={String(pageSize)}
            onChange={(event) => go({ page_size: event.target.value })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size}>{size}</option>
            ))}
          </select>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page <= 1}
            onClick={() => go({ page: String(page - 1) })}
          >
            Previous
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page >= pages}
            onClick={() => go({ page: String(page + 1) })}
          >
            Next
          </button>
        </div>
      </nav>
    </div>
  );
}

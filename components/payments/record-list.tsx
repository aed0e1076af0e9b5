"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Amount } from "@/components/payments/amount";
import { StatusBadge } from "@/components/payments/status-badge";
import { useViewer } from "@/components/providers";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { CATEGORY_LABELS, formatDateTime, statusLabel } from "@/lib/console/format";
import { withChanges, type FilterChanges, type FilterKey } from "@/lib/console/list-query";
import { listQuery } from "@/lib/console/queries";
import { pagePath, type Resource } from "@/lib/console/resources";
import type { PaymentIntent } from "@/lib/console/types";
import type { StatusCategory } from "@/lib/studio/workflow/state-machine";

const PAGE_SIZES = ["10", "20", "50", "100"];

/** What every listed record has: `id` names its page. */
export type ListedRecord = { id: string; status: string };

/** A listed invoice or payout: what the shared columns read. */
export type Row = ListedRecord & {
  created_at: string;
  recipient_name: string;
  organization_name: string;
  payment_intent: PaymentIntent;
};

export type Column<T> = {
  header: string;
  /** Classes of both the header and the cells (alignment, which widths show the column). */
  className?: string;
  cell: (row: T) => React.ReactNode;
};

export type TextFilter = { key: FilterKey; label: string; type?: string };
export type SelectFilter = { key: FilterKey; label: string; anyLabel: string; options: ReadonlyArray<{ value: string; label: string }> };

const SETTLEMENT_FILTER: SelectFilter = {
  key: "settlement_type",
  label: "Settlement type",
  anyLabel: "Any",
  options: [
    { value: "crypto", label: "Crypto" },
    { value: "fiat", label: "Fiat" },
  ],
};

/**
 * A workflow owner's list: tabs by status category with counts, filters, the table and paging,
 * all kept in the URL so a reload, a shared link or the back button shows the same rows.
 */
export function RecordList<T extends ListedRecord>({
  resource,
  textFilters,
  selectFilters = resource.filterKeys.includes("settlement_type") ? [SETTLEMENT_FILTER] : [],
  columns,
}: {
  resource: Resource;
  textFilters: TextFilter[];
  selectFilters?: SelectFilter[];
  columns: Column<T>[];
}) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const viewer = useViewer();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { query, queryKey, queryFn } = listQuery<T>(resource, new URLSearchParams(params.toString()));
  const { data, error, isPending, isFetching, isPlaceholderData } = useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
  const go = (changes: FilterChanges) => {
    const next = withChanges(new URLSearchParams(params.toString()), changes);
    router.push(next.size ? `${pathname}?${next}` : pathname);
  };
  const category = params.get("status_category") ?? "";
  const pageSize = Number(params.get("page_size") ?? "20");
  const page = Number(params.get("page") ?? "1");
  const total = data?.paging.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const allCount = data ? Object.values(data.counts).reduce((sum, count) => sum + count, 0) : undefined;
  const filtersId = `${resource.key}-filters`;
  const plural = resource.noun + "s";

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{resource.plural}</h1>
        {resource.creatable && viewer.permissions.includes("transfer:create") ? (
          <Link href={pagePath(resource, undefined, "/new")} className={buttonClass.primary}>
            New {resource.noun}
          </Link>
        ) : null}
      </div>

      <div role="tablist" aria-label="Status category" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {["", ...resource.categories].map((value) => {
          const selected = category === value;
          const count = value ? data?.counts[value as StatusCategory] : allCount;
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
              {value ? CATEGORY_LABELS[value as StatusCategory] : "All"}
              <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">{count ?? "…"}</span>
            </button>
          );
        })}
      </div>

      <button
        type="button"
        className={`${buttonClass.secondary} sm:hidden`}
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        {filtersOpen ? "Hide filters" : "Show filters"}
      </button>
      <form
        id={filtersId}
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
            ...Object.fromEntries(selectFilters.map(({ key }) => [key, value(key)])),
            ...Object.fromEntries(textFilters.map(({ key }) => [key, value(key)])),
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
            placeholder={resource.searchPlaceholder}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="filter-status" className={labelClass}>
            Status
          </label>
          <select id="filter-status" name="status" defaultValue={params.get("status") ?? ""} className={inputClass}>
            <option value="">Any status</option>
            {resource.statuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        {selectFilters.map(({ key, label, anyLabel, options }) => (
          <div key={key}>
            <label htmlFor={`filter-${key}`} className={labelClass}>
              {label}
            </label>
            <select id={`filter-${key}`} name={key} defaultValue={params.get(key) ?? ""} className={inputClass}>
              <option value="">{anyLabel}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {textFilters.map(({ key, label, type }) => (
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
          Could not load {plural}: {error.message}
        </p>
      ) : null}

      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        aria-busy={isFetching}
        data-state={isPending || isPlaceholderData ? "loading" : "ready"}
        data-query={query.toString()}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{resource.plural}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={`px-2 py-2 sm:px-3 ${column.className ?? ""}`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {isPending
              ? Array.from({ length: 5 }, (_, index) => (
                  <tr key={index} aria-hidden="true">
                    {columns.map((column) => (
                      <td key={column.header} className={`px-2 py-3 sm:px-3 ${column.className ?? ""}`}>
                        <div className="h-4 animate-pulse rounded bg-slate-200" />
                      </td>
                    ))}
                  </tr>
                ))
              : data?.data.map((row) => (
                  <tr key={row.id} className="cursor-pointer hover:bg-slate-50" onClick={() => router.push(pagePath(resource, row.id))}>
                    {columns.map((column) => (
                      <td key={column.header} className={`px-2 py-2 sm:px-3 ${column.className ?? ""}`}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
        {data && data.data.length === 0 ? <p className="px-4 py-10 text-center text-slate-700">No {plural} match these filters.</p> : null}
      </div>

      <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-slate-700" data-testid="paging-summary">
          {data ? `${total} ${resource.noun}${total === 1 ? "" : "s"} · page ${page} of ${pages}` : "Loading…"}
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
          <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => go({ page: String(page - 1) })}>
            Previous
          </button>
          <button type="button" className={buttonClass.secondary} disabled={page >= pages} onClick={() => go({ page: String(page + 1) })}>
            Next
          </button>
        </div>
      </nav>
    </div>
  );
}

// Columns every owner's table shows.

/** The human-readable id, linked; on phones the status badge sits under it. */
export function idColumn<T extends Row>(resource: Resource, number: (row: T) => string): Column<T> {
  return {
    header: resource.title,
    className: "whitespace-nowrap font-medium",
    cell: (row) => (
      <>
        <Link href={pagePath(resource, row.id)} className="text-indigo-800 underline-offset-2 hover:underline">
          {number(row)}
        </Link>
        <div className="mt-1 sm:hidden">
          <StatusBadge status={row.status} />
        </div>
      </>
    ),
  };
}

export function partyColumn<T extends Row>(): Column<T> {
  return {
    header: "Recipient / organization",
    cell: (row) => (
      <>
        <div className="break-words text-slate-900">{row.recipient_name}</div>
        <div className="break-words text-slate-600">{row.organization_name}</div>
      </>
    ),
  };
}

/** A token amount of the payment intent with its chain; a long fraction is cut (full value on hover/focus). */
export function tokenAmountColumn<T extends Row>(header: string, amount: (row: T) => string, className = ""): Column<T> {
  return {
    header,
    className: `text-right tabular-nums ${className}`,
    cell: (row) => (
      <>
        <Amount value={amount(row)} unit={row.payment_intent.symbol} maxLength={10} />
        <div className="text-xs text-slate-600">{row.payment_intent.payment_chain_id}</div>
      </>
    ),
  };
}

export function statusColumn<T extends ListedRecord>(): Column<T> {
  return { header: "Status", className: "hidden sm:table-cell", cell: (row) => <StatusBadge status={row.status} /> };
}

export function createdColumn<T extends ListedRecord & { created_at: string }>(): Column<T> {
  return { header: "Created", className: "hidden whitespace-nowrap text-slate-700 md:table-cell", cell: (row) => formatDateTime(row.created_at) };
}

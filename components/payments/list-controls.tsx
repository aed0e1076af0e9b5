"use client";
// The pieces every URL-driven list shares (records, the ledger, webhook deliveries): the URL as
// the list's state, status tabs with counts, the filter panel and paging.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { exportQuery, nextSort, sortOf, withChanges, type ExportList, type FilterChanges, type FilterKey } from "@/lib/console/list-query";

export const PAGE_SIZES = ["10", "20", "50", "100"];

/** The list's URL parameters and `go(changes)`, which pushes them changed (any filter change returns to page 1). */
export function useListUrl() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // A new URL is a server round trip (the page prefetches its rows): until it lands, the rows on
  // screen belong to the old one.
  const [navigating, startNavigation] = useTransition();
  /** The list's URL with `changes` applied: for a link, or for `go`. */
  const href = (changes: FilterChanges) => {
    const next = withChanges(new URLSearchParams(params.toString()), changes);
    return next.size ? `${pathname}?${next}` : pathname;
  };
  const go = (changes: FilterChanges, options?: { scroll?: boolean }) => startNavigation(() => router.push(href(changes), options));
  const clear = () => startNavigation(() => router.push(pathname));
  return { params, go, href, clear, navigating };
}

/**
 * What a URL list's rows say about themselves: busy while anything loads, and `loading` (not
 * `ready`) while the rows shown are not yet those of the URL, so people and tests can tell.
 */
export function listState(query: { isPending: boolean; isFetching: boolean; isPlaceholderData: boolean }, navigating: boolean) {
  const settled = !query.isPending && !query.isPlaceholderData && !navigating;
  return { "aria-busy": query.isFetching || navigating, "data-state": settled ? "ready" : "loading" } as const;
}

export type Tab = { value: string; label: string; count: number | undefined };

/**
 * The status tabs: each a link to the list filtered by its value (they are URL filters, so links,
 * not ARIA tabs without panels); the shown one says so with aria-current.
 */
export function StatusTabs({ label, tabs, selected, hrefFor }: { label: string; tabs: Tab[]; selected: string; hrefFor: (value: string) => string }) {
  return (
    <nav aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map(({ value, label: tabLabel, count }) => {
        const isSelected = selected === value;
        return (
          <Link
            key={value || "all"}
            href={hrefFor(value)}
            scroll={false}
            aria-current={isSelected ? "page" : undefined}
            className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
              isSelected ? "border-indigo-700 text-indigo-800" : "border-transparent text-slate-700 hover:text-slate-900"
            }`}
          >
            {tabLabel}
            <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">{count ?? "…"}</span>
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The filter form: always shown from `sm` up, behind a Show filters toggle on phones. Its fields
 * read their values from the URL (`key` remounts them when it changes); Apply hands the form over.
 */
export function FilterPanel({ id, onApply, onClear, children }: { id: string; onApply: (form: FormData) => void; onClear: () => void; children: React.ReactNode }) {
  const params = useSearchParams();
  const [open, setOpen] = useState(false);
  const t = useTranslations("list");
  return (
    <>
      <button type="button" className={`${buttonClass.secondary} sm:hidden`} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? t("hideFilters") : t("showFilters")}
      </button>
      <form
        id={id}
        key={params.toString()}
        aria-label={t("filters")}
        className={`${open ? "grid" : "hidden"} grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid sm:grid-cols-2 lg:grid-cols-4`}
        onSubmit={(event) => {
          event.preventDefault();
          onApply(new FormData(event.currentTarget));
        }}
      >
        {children}
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass.primary}>
            {t("apply")}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={onClear}>
            {t("clear")}
          </button>
        </div>
      </form>
    </>
  );
}

/** A filter form's value, trimmed; empty is undefined (the parameter leaves the URL). */
export const formValue = (form: FormData, key: string) => String(form.get(key) ?? "").trim() || undefined;

export function TextFilterField({ name, label, type = "text", placeholder, className }: { name: FilterKey; label: string; type?: string; placeholder?: string; className?: string }) {
  const params = useSearchParams();
  return (
    <div className={className}>
      <label htmlFor={`filter-${name}`} className={labelClass}>
        {label}
      </label>
      <input id={`filter-${name}`} name={name} type={type} defaultValue={params.get(name) ?? ""} placeholder={placeholder} className={inputClass} />
    </div>
  );
}

export function SelectFilterField({ name, label, anyLabel, options }: { name: FilterKey; label: string; anyLabel: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const params = useSearchParams();
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={params.get(name) ?? ""} className={inputClass}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "12 invoices · page 1 of 2", the page size when `onPageSize` is given, Previous and Next. */
export function Pagination({
  label,
  noun,
  plural = `${noun}s`,
  total,
  page,
  pageSize,
  loaded,
  testId,
  onPage,
  onPageSize,
}: {
  label: string;
  noun: string;
  plural?: string;
  total: number;
  page: number;
  pageSize: number;
  loaded: boolean;
  testId: string;
  onPage: (page: number) => void;
  onPageSize?: (size: string) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const t = useTranslations();
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700" data-testid={testId}>
        {loaded ? t("list.page", { total, noun: total === 1 ? noun : plural, page, pages }) : t("common.loading")}
      </p>
      <div className="flex items-center gap-2">
        {onPageSize ? (
          <>
            <label htmlFor="page-size" className="text-slate-700">
              {t("list.pageSize")}
            </label>
            <select
              id="page-size"
              value={String(pageSize)}
              onChange={(event) => onPageSize(event.target.value)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
            >
              {PAGE_SIZES.map((size) => (
                <option key={size}>{size}</option>
              ))}
            </select>
          </>
        ) : null}
        <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t("list.previous")}
        </button>
        <button type="button" className={buttonClass.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("list.next")}
        </button>
      </div>
    </nav>
  );
}

/**
 * A column header that orders the list by `sortKey` (the API's `sort`): a button in the header
 * cell, with `aria-sort` on the cell saying the current order to screen readers.
 */
export function SortableHeader({ label, sortKey, className = "" }: { label: string; sortKey: string; className?: string }) {
  const { params, go } = useListUrl();
  const sort = sortOf(new URLSearchParams(params.toString()));
  const active = sort.key === sortKey;
  const direction = active ? (sort.descending ? "descending" : "ascending") : undefined;
  return (
    <th scope="col" aria-sort={direction ?? "none"} className={className}>
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900"
        onClick={() => go({ sort: nextSort(new URLSearchParams(params.toString()), sortKey) }, { scroll: false })}
      >
        {label}
        <span aria-hidden="true" className={active ? "text-slate-900" : "text-slate-400"}>
          {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}

/**
 * "Export CSV": the file of every row under the list's current filters and sort, from the
 * console's export route (the Studio key stays on the server; the file streams through it).
 */
export function ExportLink({ list, keys }: { list: ExportList; keys: readonly FilterKey[] }) {
  const params = useSearchParams();
  const query = exportQuery(new URLSearchParams(params.toString()), keys);
  const t = useTranslations("list");
  return (
    <a href={`/api/exports/${list}${query.size ? `?${query}` : ""}`} download className={buttonClass.secondary} data-testid="export-csv">
      {t("exportCsv")}
    </a>
  );
}

"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Amount, DateTime } from "@/components/payments/amount";
import {
  ExportLink,
  FilterPanel,
  formValue,
  listState,
  Pagination,
  SelectFilterField,
  SortableHeader,
  StatusTabs,
  TextFilterField,
  useListUrl,
} from "@/components/payments/list-controls";
import { SavedViews } from "@/components/payments/saved-views";
import { StatusBadge } from "@/components/payments/status-badge";
import { useViewer } from "@/components/providers";
import { buttonClass } from "@/components/ui/button";
import { useStatusLabel } from "@/lib/console/i18n/use-format";
import type { FilterKey } from "@/lib/console/list-query";
import { listQuery } from "@/lib/console/queries";
import { pagePath, type Resource } from "@/lib/console/resources";
import type { PaymentIntent } from "@/lib/console/types";

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
  /** The English header, also the column's React key. */
  header: string;
  /** The header's message key ("columns.amount"), when the column is translated. */
  labelKey?: string;
  /** The API's `sort` key this column orders by, when it does. */
  sort?: string;
  /** Classes of both the header and the cells (alignment, which widths show the column). */
  className?: string;
  cell: (row: T) => React.ReactNode;
};

export type TextFilter = { key: FilterKey; label: string; labelKey?: string; type?: string };
/** Its labels are message keys ("list.any") where the catalogue has them, else shown as written (a chain's name). */
export type SelectFilter = { key: FilterKey; label: string; anyLabel: string; options: ReadonlyArray<{ value: string; label: string }> };

const SETTLEMENT_FILTER: SelectFilter = {
  key: "settlement_type",
  label: "list.settlementType",
  anyLabel: "list.any",
  options: [
    { value: "crypto", label: "list.crypto" },
    { value: "fiat", label: "list.fiat" },
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
  const router = useRouter();
  const viewer = useViewer();
  const { params, go, href, clear, navigating } = useListUrl();
  const { query, queryKey, queryFn } = listQuery<T>(resource, new URLSearchParams(params.toString()));
  const list = useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
  const { data, error, isPending } = list;
  const category = params.get("status_category") ?? "";
  const allCount = data ? Object.values(data.counts).reduce((sum, count) => sum + count, 0) : undefined;
  const t = useTranslations();
  // Message keys are checked where they are written; the ones built from data are checked by the catalogue test.
  const tr = (key: string, values?: Record<string, string | number>) => t(key as never, values as never);
  const statusLabel = useStatusLabel();
  const label = (key: string | undefined, english: string) => (key && t.has(key as never) ? tr(key) : english);
  const names = `resources.${resource.key}`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{tr(`${names}.plural`)}</h1>
        <div className="flex flex-wrap gap-2">
          <SavedViews resource={resource} />
          <ExportLink list={resource.key} keys={resource.filterKeys} />
          {resource.creatable && viewer.permissions.includes("transfer:create") ? (
            <Link href={pagePath(resource, undefined, "/new")} className={buttonClass.primary}>
              {tr(`${names}.new`)}
            </Link>
          ) : null}
        </div>
      </div>

      <StatusTabs
        label={t("list.statusCategory")}
        selected={category}
        hrefFor={(value) => href({ status_category: value || undefined, status: undefined })}
        tabs={[
          { value: "", label: t("list.all"), count: allCount },
          ...resource.categories.map((value) => ({ value, label: t(`category.${value}`), count: data?.counts[value] })),
        ]}
      />

      <FilterPanel
        id={`${resource.key}-filters`}
        onClear={clear}
        onApply={(form) =>
          go({
            search: formValue(form, "search"),
            status: formValue(form, "status"),
            ...Object.fromEntries(selectFilters.map(({ key }) => [key, formValue(form, key)])),
            ...Object.fromEntries(textFilters.map(({ key }) => [key, formValue(form, key)])),
          })
        }
      >
        <TextFilterField name="search" label={t("list.search")} type="search" placeholder={tr(`${names}.searchPlaceholder`)} className="sm:col-span-2" />
        <SelectFilterField
          name="status"
          label={t("list.status")}
          anyLabel={t("list.anyStatus")}
          options={resource.statuses.map((status) => ({ value: status, label: statusLabel(status) }))}
        />
        {selectFilters.map(({ key, label: labelKey, anyLabel, options }) => (
          <SelectFilterField key={key} name={key} label={label(labelKey, labelKey)} anyLabel={label(anyLabel, anyLabel)} options={options.map((option) => ({ ...option, label: label(option.label, option.label) }))} />
        ))}
        {textFilters.map(({ key, label: english, labelKey, type }) => (
          <TextFilterField key={key} name={key} label={label(labelKey, english)} type={type} />
        ))}
      </FilterPanel>

      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {tr(`${names}.loadFailed`, { message: error.message })}
        </p>
      ) : null}

      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        {...listState(list, navigating)}
        data-query={query.toString()}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{tr(`${names}.plural`)}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              {columns.map((column) =>
                column.sort ? (
                  <SortableHeader key={column.header} label={label(column.labelKey, column.header)} sortKey={column.sort} className={`px-2 py-2 sm:px-3 ${column.className ?? ""}`} />
                ) : (
                  <th key={column.header} scope="col" className={`px-2 py-2 sm:px-3 ${column.className ?? ""}`}>
                    {label(column.labelKey, column.header)}
                  </th>
                ),
              )}
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
        {data && data.data.length === 0 ? <p className="px-4 py-10 text-center text-slate-700">{tr(`${names}.empty`)}</p> : null}
      </div>

      <Pagination
        label={t("list.pagination")}
        noun={tr(`${names}.one`)}
        plural={tr(`${names}.other`)}
        total={data?.paging.total_count ?? 0}
        page={Number(params.get("page") ?? "1")}
        pageSize={Number(params.get("page_size") ?? "20")}
        loaded={data !== undefined}
        testId="paging-summary"
        onPage={(page) => go({ page: String(page) })}
        onPageSize={(size) => go({ page_size: size })}
      />
    </div>
  );
}

// Columns every owner's table shows.

/** The human-readable id, linked; on phones the status badge sits under it. */
export function idColumn<T extends Row>(resource: Resource, number: (row: T) => string): Column<T> {
  return {
    header: resource.title,
    labelKey: `resources.${resource.key}.title`,
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
    labelKey: "columns.party",
    cell: (row) => (
      <>
        <div className="break-words text-slate-900">{row.recipient_name}</div>
        <div className="break-words text-slate-600">{row.organization_name}</div>
      </>
    ),
  };
}

/** A token amount of the payment intent with its chain; a long fraction is cut (full value on hover/focus). */
export function tokenAmountColumn<T extends Row>(header: string, amount: (row: T) => string, className = "", sort?: string, labelKey?: string): Column<T> {
  return {
    header,
    labelKey,
    sort,
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
  return { header: "Status", labelKey: "columns.status", className: "hidden sm:table-cell", cell: (row) => <StatusBadge status={row.status} /> };
}

/** When the record falls due (the API's `due_date` order); "—" before it has a deadline. */
export function dueColumn<T extends ListedRecord>(due: (row: T) => React.ReactNode): Column<T> {
  return { header: "Due", labelKey: "columns.due", sort: "due_date", className: "hidden whitespace-nowrap text-slate-700 lg:table-cell", cell: (row) => due(row) ?? "—" };
}

export function createdColumn<T extends ListedRecord & { created_at: string }>(): Column<T> {
  return { header: "Created", labelKey: "columns.created", sort: "created_at", className: "hidden whitespace-nowrap text-slate-700 md:table-cell", cell: (row) => <DateTime value={row.created_at} /> };
}

"use client";
// A list whose filters and page live in the URL (a reload, a shared link or the back button shows
// the same rows), and the pager under it. Shared by the ledger, the team pages and the audit log.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listState, Pagination, useListUrl } from "@/components/payments/list-controls";
import type { FilterChanges } from "@/lib/console/list-query";
import { urlListQuery, type UrlList } from "@/lib/console/queries";
import type { Paging } from "@/lib/console/types";

export function useUrlList<Body extends { paging: Paging }>(list: UrlList) {
  const { params, go, clear, navigating } = useListUrl();
  const { query, queryKey, queryFn } = urlListQuery<Body>(list, new URLSearchParams(params.toString()));
  const result = useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
  const page = Number(params.get("page") ?? "1");
  const total = result.data?.paging.total_count ?? 0;
  return {
    ...result,
    /** For the list's container: aria-busy and data-state. */
    state: listState(result, navigating),
    params,
    go: (changes: FilterChanges) => go(changes, { scroll: false }),
    clear,
    page,
    pageSize: Number(query.get("page_size")),
    total,
  };
}

/** The shared Pagination, driven by a `useUrlList` result. */
export function Pager({
  label,
  testId,
  noun,
  loaded,
  total,
  page,
  pageSize,
  go,
}: {
  label: string;
  testId: string;
  noun: [singular: string, plural: string];
  loaded: boolean;
  total: number;
  page: number;
  pageSize: number;
  go: (changes: FilterChanges) => void;
}) {
  return (
    <div className="mt-3">
      <Pagination
        label={label}
        noun={noun[0]}
        plural={noun[1]}
        total={total}
        page={page}
        pageSize={pageSize}
        loaded={loaded}
        testId={testId}
        onPage={(next) => go({ page: String(next) })}
      />
    </div>
  );
}

export const cellClass = "px-2 py-2 sm:px-3";
export const headClass = "bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";

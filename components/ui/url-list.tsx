"use client";
// A list whose filters and page live in the URL (a reload, a shared link or the back button shows
// the same rows), and the pager under it. Shared by the ledger, the team pages and the audit log.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { apiFetch } from "@/lib/console/api";
import { apiQuery, withChanges, type FilterChanges, type FilterKey } from "@/lib/console/list-query";
import type { Paging } from "@/lib/console/types";

export function useUrlList<Body extends { paging: Paging }>({
  queryKey,
  path,
  keys,
  pageSize,
}: {
  queryKey: readonly string[];
  /** The console route that answers the list. */
  path: string;
  /** The URL parameters the list takes. */
  keys: readonly FilterKey[];
  pageSize: string;
}) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const query = apiQuery(new URLSearchParams(params.toString()), keys);
  if (!query.has("page_size")) query.set("page_size", pageSize);
  const result = useQuery({
    queryKey: [...queryKey, query.toString()],
    queryFn: () => apiFetch<Body>(`${path}?${query}`),
    placeholderData: keepPreviousData,
  });
  const go = (changes: FilterChanges) => {
    const next = withChanges(new URLSearchParams(params.toString()), changes);
    router.push(next.size ? `${pathname}?${next}` : pathname, { scroll: false });
  };
  const page = Number(params.get("page") ?? "1");
  const total = result.data?.paging.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / Number(query.get("page_size"))));
  return { ...result, params, go, clear: () => router.push(pathname, { scroll: false }), page, pages, total };
}

/** "12 movements · page 1 of 1" with Previous and Next. */
export function Pager({
  label,
  testId,
  noun,
  loaded,
  total,
  page,
  pages,
  go,
}: {
  label: string;
  testId: string;
  noun: [singular: string, plural: string];
  loaded: boolean;
  total: number;
  page: number;
  pages: number;
  go: (changes: FilterChanges) => void;
}) {
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700" data-testid={testId}>
        {loaded ? `${total} ${total === 1 ? noun[0] : noun[1]} · page ${page} of ${pages}` : "Loading…"}
      </p>
      <div className="flex gap-2">
        <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => go({ page: String(page - 1) })}>
          Previous
        </button>
        <button type="button" className={buttonClass.secondary} disabled={page >= pages} onClick={() => go({ page: String(page + 1) })}>
          Next
        </button>
      </div>
    </nav>
  );
}

export const cellClass = "px-2 py-2 sm:px-3";
export const headClass = "bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";

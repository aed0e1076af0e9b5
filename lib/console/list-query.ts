// A list's state lives in the URL: these helpers turn it into the API query and back. Each list
// names the query parameters its endpoint takes (spec InvoiceListQuery / PayoutListQuery).
export const INVOICE_FILTER_KEYS = [
  "status_category",
  "status",
  "settlement_type",
  "recipient_email",
  "invoice_id",
  "payment_intent_id",
  "search",
  "created_from",
  "created_to",
  "sort",
  "page",
  "page_size",
] as const;

export const PAYOUT_FILTER_KEYS = [
  "status_category",
  "status",
  "settlement_type",
  "payout_id",
  "payment_intent_id",
  "creator",
  "search",
  "sort",
  "page",
  "page_size",
] as const;

// GET /payment/intents: `search` also finds an intent by its deposit or payer address or any tx hash.
export const PAYMENT_INTENT_FILTER_KEYS = [
  "status_category",
  "status",
  "chain",
  "token",
  "group_key",
  "search",
  "created_from",
  "created_to",
  "sort",
  "page",
  "page_size",
] as const;

export const LEDGER_FILTER_KEYS = ["chain", "token", "kind", "sort", "page", "page_size"] as const;

// GET /audit_log (issue 13).
export const AUDIT_FILTER_KEYS = ["actor_uid", "action", "object_type", "object_id", "created_from", "created_to", "sort", "page", "page_size"] as const;
// GET /webhook/deliveries (README "Webhooks"); the page also keeps its selected delivery in the URL.
export const WEBHOOK_FILTER_KEYS = ["type", "object_id", "endpoint_id", "status", "sort", "page", "page_size"] as const;

export type FilterKey =
  | (typeof INVOICE_FILTER_KEYS)[number]
  | (typeof PAYOUT_FILTER_KEYS)[number]
  | (typeof PAYMENT_INTENT_FILTER_KEYS)[number]
  | (typeof LEDGER_FILTER_KEYS)[number]
  | (typeof AUDIT_FILTER_KEYS)[number]
  | (typeof WEBHOOK_FILTER_KEYS)[number]
  // The webhooks page's selected delivery: in the URL, never sent to the Studio.
  | "delivery"
  // The dashboard's period (GET /dashboard `interval`).
  | "interval";
export type FilterChanges = Partial<Record<FilterKey, string | undefined>>;

/** URL params → Studio list query for the given keys (date inputs become an inclusive UTC day range). */
export function apiQuery(params: URLSearchParams, keys: readonly FilterKey[]): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === "created_from") query.set("created_after", `${value}T00:00:00Z`);
    else if (key === "created_to") query.set("created_before", `${value}T23:59:59.999Z`);
    else query.set(key, value);
  }
  return query;
}

/**
 * The console's URL for an API query (a saved view's): `apiQuery`'s inverse, its date range back
 * to the date inputs' days; every other parameter is named alike on both sides.
 */
export function consoleParams(query: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of query) {
    if (key === "created_after") params.set("created_from", value.slice(0, 10));
    else if (key === "created_before") params.set("created_to", value.slice(0, 10));
    else params.set(key, value);
  }
  return params;
}

/** The lists with a CSV export, by the name the console's route /api/exports/{list} takes. */
export type ExportList = "invoices" | "payouts" | "payment-intents" | "ledger" | "audit-log" | "webhook-deliveries";

/** URL params → the Studio export query: the list's filters and sort, without paging (an export has every row). */
export function exportQuery(params: URLSearchParams, keys: readonly FilterKey[]): URLSearchParams {
  return apiQuery(params, keys.filter((key) => key !== "page" && key !== "page_size"));
}

/** `-key` is descending; no `sort` is the API's own order, newest first. */
export type SortState = { key: string; descending: boolean };
export const DEFAULT_SORT: SortState = { key: "created_at", descending: true };

export function sortOf(params: URLSearchParams): SortState {
  const value = params.get("sort");
  if (!value) return DEFAULT_SORT;
  return value.startsWith("-") ? { key: value.slice(1), descending: true } : { key: value, descending: false };
}

/**
 * The `sort` a header click asks for: the column already sorted turns around; another column
 * starts ascending. Newest first, the default, leaves the URL without `sort`.
 */
export function nextSort(params: URLSearchParams, key: string): string | undefined {
  const current = sortOf(params);
  const descending = current.key === key ? !current.descending : false;
  if (key === DEFAULT_SORT.key && descending === DEFAULT_SORT.descending) return undefined;
  return descending ? `-${key}` : key;
}

/** A copy of `params` with `changes` applied; empty values are dropped and any filter change returns to page 1. */
export function withChanges(params: URLSearchParams, changes: FilterChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!("page" in changes)) next.delete("page");
  return next;
}

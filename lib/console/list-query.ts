// The list's state lives in the URL: these helpers turn it into the API query and back.
export const FILTER_KEYS = [
  "status_category",
  "status",
  "settlement_type",
  "recipient_email",
  "invoice_id",
  "payment_intent_id",
  "search",
  "created_from",
  "created_to",
  "page",
  "page_size",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** URL params → Studio list query (date inputs become an inclusive UTC day range). */
export function apiQuery(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === "created_from") query.set("created_after", `${value}T00:00:00Z`);
    else if (key === "created_to") query.set("created_before", `${value}T23:59:59.999Z`);
    else query.set(key, value);
  }
  return query;
}

/** A copy of `params` with `changes` applied; empty values are dropped and any filter change returns to page 1. */
export function withChanges(params: URLSearchParams, changes: Partial<Record<FilterKey, string | undefined>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!("page" in changes)) next.delete("page");
  return next;
}

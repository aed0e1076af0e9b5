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
  "page",
  "page_size",
] as const;

export const LEDGER_FILTER_KEYS = ["chain", "token", "kind", "page", "page_size"] as const;

// GET /audit_log (issue 13).
export const AUDIT_FILTER_KEYS = ["actor_uid", "action", "object_type", "object_id", "created_from", "created_to", "page", "page_size"] as const;
// GET /webhook/deliveries (README "Webhooks"); the page also keeps its selected delivery in the URL.
export const WEBHOOK_FILTER_KEYS = ["type", "object_id", "endpoint_id", "status", "page", "page_size"] as const;

export type FilterKey =
  | (typeof INVOICE_FILTER_KEYS)[number]
  | (typeof PAYOUT_FILTER_KEYS)[number]
  | (typeof PAYMENT_INTENT_FILTER_KEYS)[number]
  | (typeof LEDGER_FILTER_KEYS)[number]
  | (typeof AUDIT_FILTER_KEYS)[number]
  | (typeof WEBHOOK_FILTER_KEYS)[number]
  // The webhooks page's selected delivery: in the URL, never sent to the Studio.
  | "delivery";
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
